// A chat request that asks for work on a schedule ("every day at 8 summarise notes.md", "in two
// hours check the build page", "tous les jours à 8h …") becomes a proposal: the task without its
// time words and the time in the words `schedule.create` reads (core/schedule/when.ts). Nothing is
// saved here; the user confirms the proposal under the turn. Conservative on purpose: a sentence
// that only mentions time ("every time I run this it fails") must stay a normal request, so the
// time phrase has to open or close the request and what is left has to read as an instruction.
import type { ScheduleWhen } from '../../common/schedules.js';
import { WEEKDAY_NAMES } from './cron.js';
import { dailyRule, parseDuration, weeklyRule } from './when.js';

export interface ScheduleProposal {
  /** The task the schedule will run, without the time words. */
  request: string;
  when: ScheduleWhen;
  /** "every day at 08:00", as the proposal shows it. */
  describe: string;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, dix: 10, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, diez: 10,
}; // prettier-ignore

const DAY_WORDS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
  domingo: 0, lunes: 1, martes: 2, miércoles: 3, miercoles: 3, jueves: 4, viernes: 5, sábado: 6, sabado: 6,
}; // prettier-ignore
const DAY = Object.keys(DAY_WORDS).join('|');

/** A unit word in English, French or Spanish → the letter parseDuration reads. */
function unitLetter(word: string): string | null {
  if (/^(minutes?|mins?|minutos?)$/.test(word)) return 'm';
  if (/^(hours?|hrs?|heures?|horas?)$/.test(word)) return 'h';
  if (/^(days?|jours?|días?|dias?)$/.test(word)) return 'd';
  if (/^(weeks?|semaines?|semanas?)$/.test(word)) return 'w';
  return null;
}

const AMOUNT = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = '(minutes?|mins?|hours?|hrs?|days?|weeks?|heures?|jours?|semaines?|minutos?|horas?|días?|dias?|semanas?)';
// "at 8", "at 8am", "at 8:30 pm", "at 08:00", "à 8h", "à 8h30", "a las 8".
const TIME = '(?:at|à|a|a las|vers)\\s+(\\d{1,2})(?:[:h.](\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.|h)?';

function duration(amount: string, unit: string): string | null {
  const n = /^\d+$/.test(amount) ? Number(amount) : NUMBER_WORDS[amount];
  const letter = unitLetter(unit);
  return n && letter ? `${n}${letter}` : null;
}

function clock(hour: string | undefined, minute: string | undefined, meridiem: string | undefined, part: string | undefined): string | null {
  let h = hour === undefined ? (part === 'evening' || part === 'soir' ? 18 : 8) : Number(hour);
  const m = minute === undefined ? 0 : Number(minute);
  const pm = meridiem?.startsWith('p') || ((part === 'evening' || part === 'soir' || part === 'night') && h < 12);
  if (meridiem?.startsWith('a') && h === 12) h = 0;
  else if (pm && h < 12) h += 12;
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

interface Found {
  when: ScheduleWhen;
  describe: string;
  length: number;
}

type Reader = (s: string) => Found | null;

const readers: Reader[] = [
  // every 2 hours / every hour / toutes les 2 heures / cada 2 horas
  (s) => {
    const m = new RegExp(`^(?:every|toutes les|tous les|cada)\\s+(?:${AMOUNT}\\s+)?${UNIT}\\b`).exec(s);
    if (!m || (m[1] === undefined && unitLetter(m[2]!) !== 'h' && unitLetter(m[2]!) !== 'm')) return null; // "every day" is a calendar rule (below)
    const every = duration(m[1] ?? '1', m[2]!);
    return every && parseDuration(every) >= 60_000 ? { when: { every }, describe: `every ${every}`, length: m[0].length } : null;
  },
  // every day / every morning / daily / each day / tous les jours / chaque jour / todos los días (+ time)
  (s) => {
    const m = new RegExp(
      `^(?:every|each|daily|chaque|tous les|todos los|cada)\\s*(day|morning|evening|night|jours?|matins?|soirs?|días|dias|mañanas)?\\b(?:\\s*,?\\s*${TIME})?`,
    ).exec(s);
    if (!m || (m[1] === undefined && !s.startsWith('daily'))) return null;
    const part = m[1] === 'morning' || /^mat|^mañ/.test(m[1] ?? '') ? 'morning' : /^(evening|soirs?)$/.test(m[1] ?? '') ? 'evening' : m[1] === 'night' ? 'night' : undefined;
    const time = clock(m[2], m[3], m[4], part);
    if (!time) return null;
    dailyRule(time);
    return { when: { daily: time }, describe: `every day at ${time}`, length: m[0].length };
  },
  // every friday / every monday and friday at 9 / every weekday at 9 / chaque lundi à 9h / cada lunes
  (s) => {
    const m = new RegExp(
      `^(?:every|each|chaque|tous les|todos los|cada)\\s+(weekday|(?:${DAY})s?(?:(?:\\s*,\\s*|\\s+(?:and|et|y)\\s+)(?:${DAY})s?)*)\\b(?:\\s*,?\\s*${TIME})?`,
    ).exec(s);
    if (!m) return null;
    const days = m[1] === 'weekday' ? [1, 2, 3, 4, 5] : m[1]!.split(/\s*,\s*|\s+(?:and|et|y)\s+/).map((d) => DAY_WORDS[d.replace(/s$/, '')] ?? DAY_WORDS[d]!);
    if (days.some((d) => d === undefined)) return null;
    const time = clock(m[2], m[3], m[4], undefined);
    if (!time) return null;
    const names = [...new Set(days)].sort().map((d) => WEEKDAY_NAMES[d]!);
    weeklyRule(`${names.join(',')} ${time}`);
    return { when: { weekly: `${names.join(',')} ${time}` }, describe: `every ${names.join(', ')} at ${time}`, length: m[0].length };
  },
  // in two hours / in 30 minutes / dans 2 heures / en 2 horas / tomorrow at 9
  (s) => {
    const m = new RegExp(`^(?:in|dans|en|dentro de)\\s+${AMOUNT}\\s+${UNIT}\\b`).exec(s);
    if (m) {
      const d = duration(m[1]!, m[2]!);
      return d ? { when: { at: `in ${d}` }, describe: `once, in ${d} (from when you save)`, length: m[0].length } : null;
    }
    const t = new RegExp(`^(?:tomorrow|demain|mañana)\\s*${TIME}`).exec(s);
    const time = t && clock(t[1], t[2], t[3], undefined);
    return t && time ? { when: { at: `tomorrow ${time}` }, describe: `once, tomorrow at ${time}`, length: t[0].length } : null;
  },
];

function readAt(s: string): Found | null {
  for (const read of readers) {
    const found = read(s);
    if (found) return found;
  }
  return null;
}

// Words a statement (not an instruction) starts with: "every time I run this it fails".
const NOT_A_TASK = /^(i|i'm|it|it's|we|you|he|she|they|this|that|there|my|our|the|is|are|was|do|does|did|why|how|what|when|who|where|time|single|je|il|on|ça|yo|es)\b/;
const LEAD_IN = /^(?:please\s+|can you\s+|could you\s+|remind me to\s+|remind me\s+|rappelle-moi de\s+|recuérdame\s+)/;

function cleanTask(text: string): string {
  return text
    .replace(/^[\s,:;-]+|[\s,;.-]+$/g, '')
    .replace(/^(?:to|de|that|please)\s+/i, '')
    .replace(LEAD_IN, '');
}

function isTask(task: string): boolean {
  const lower = task.toLowerCase();
  return task.length >= 3 && !task.endsWith('?') && !NOT_A_TASK.test(lower);
}

// "write a function that runs every 5 minutes": the time belongs to what is being made, not to when.
const DESCRIBES_A_THING = /\b(that|which|who|qui|que|to make|to build)\b/;

/** The schedule a request asks for, or null when it asks for nothing to be scheduled. */
export function proposeSchedule(text: string): ScheduleProposal | null {
  const original = text.trim().replace(/\s+/g, ' ');
  if (original.length === 0 || original.length > 2000 || original.endsWith('?')) return null;
  const lower = original.toLowerCase();
  const lead = LEAD_IN.exec(lower)?.[0].length ?? 0;
  // The time phrase opens the request ("every day at 8, summarise …") …
  const head = readAt(lower.slice(lead));
  if (head) {
    const task = cleanTask(original.slice(lead + head.length));
    return isTask(task) ? { request: task, when: head.when, describe: head.describe } : null;
  }
  // … or closes it ("summarise notes.md every day at 8"): try each word boundary as its start.
  for (let i = lower.indexOf(' '); i > 0; i = lower.indexOf(' ', i + 1)) {
    const tail = lower.slice(i + 1).replace(/[.!]+$/, '');
    const found = readAt(tail);
    // "finish the report in 2 hours" sets a deadline: a closing one-off time counts only after "remind me".
    if (found && found.length === tail.length && ('at' in found.when ? /^remind/.test(lower) : true)) {
      const task = cleanTask(original.slice(lead, i));
      return isTask(task) && !DESCRIBES_A_THING.test(task.toLowerCase()) ? { request: task, when: found.when, describe: found.describe } : null;
    }
  }
  return null;
}

/** The turn's answer when it proposes a schedule instead of running the request now. */
export function proposalAnswer(p: ScheduleProposal): string {
  return [
    `This asks for work on a schedule (${p.describe}), so I did not run it now.`,
    `Save the proposed schedule below to have “${p.request}” run then; it will appear in the Schedules panel.`,
    'To run it once now instead, dismiss the proposal and send the request without the time.',
  ].join(' ');
}
