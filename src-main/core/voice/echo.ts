// The echo filter (the original's rule): while the app speaks, or just after, an utterance that
// shares three or more consecutive words with what the app is saying or just said is the app's own
// voice picked up by the microphone, and is dropped. Only runs of words count, so a user who
// answers with some of the same words in another order, or speaks another language, is heard.

export const ECHO_RUN = 3;

/** Words of a text, lower-cased, punctuation dropped; each Han/kana/Hangul character is a word. */
export function echoWords(text: string): string[] {
  const spaced = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu, ' $1 ')
    .replace(/['’]/g, '');
  return spaced.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function runs(words: string[], n: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) out.add(words.slice(i, i + n).join(' '));
  return out;
}

/**
 * True when `heard` shares ECHO_RUN consecutive words with any of `spoken` (either text may be the
 * longer one). A heard text shorter than the run is echo only when all of it appears, in order, in
 * what was spoken and what was spoken is itself that short (a one-word answer read back).
 */
export function isEcho(heard: string, spoken: readonly string[]): boolean {
  const h = echoWords(heard);
  if (h.length === 0) return false;
  for (const text of spoken) {
    const s = echoWords(text);
    if (s.length === 0) continue;
    const n = Math.min(ECHO_RUN, h.length, s.length);
    if (n < ECHO_RUN && (h.length !== s.length || h.join(' ') !== s.join(' '))) continue;
    const mine = runs(s, n);
    for (const r of runs(h, n)) if (mine.has(r)) return true;
  }
  return false;
}

/** What the app said recently: kept for `windowMs` after it stopped speaking each text. */
export class SpokenHistory {
  private items: Array<{ text: string; until: number }> = [];

  constructor(private readonly windowMs = 5_000) {}

  /** A text starts being spoken; it counts until `endedAt(text)` plus the window. */
  started(text: string): void {
    this.items.push({ text, until: Number.POSITIVE_INFINITY });
  }

  ended(text: string, now: number): void {
    for (const item of this.items) if (item.text === text && item.until === Number.POSITIVE_INFINITY) item.until = now + this.windowMs;
  }

  texts(now: number): string[] {
    this.items = this.items.filter((i) => i.until >= now);
    return this.items.map((i) => i.text);
  }
}
