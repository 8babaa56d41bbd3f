// Which lines of a web agent reply are actions. An action is a line that is only the action in the
// taught form: keyword, optional colon, argument, with the decorations models add (bullets, bold,
// backticks, an "Action:" label). Prose that merely starts with an action word ("Note that…",
// "Open source…", "Done." closing a table) is never an action: a keyword counts when it has a
// colon, is written in capitals, is wrapped in bold or backticks, or has an argument of the exact
// shape the action takes (`open 3`, `back`).

export type Keyword = 'NOTE' | 'SEARCH' | 'OPEN' | 'BACK' | 'FORM' | 'SUBMIT' | 'DONE';

export interface ActionLine {
  keyword: Keyword;
  /** The argument with decorations and quotes left in (actionParser.ts unquotes per keyword). */
  rest: string;
}

// Bullet or number, quote marker, then opening decoration, then an optional "Action:" label.
const LEAD = /^\s*(?:(?:[-*+•]|\d{1,2}[.)])\s+)?(?:>\s*)*/;
const LABEL = /^(?:(?:next|final)\s+)?(?:action|step|acción|aktion|行动|动作)\s*[:：]\s*/i;
const HEAD = /^(note|search|open|back|form|submit|done)(?![\w-])/i;
const TARGET = /^(?:(?:link|result|#)\s*)?(?:\[\d+\]|\d+)\.?$|^<?https?:\/\/\S+$/i;

function stripDecoration(text: string): { text: string; decorated: boolean } {
  let t = text;
  let decorated = false;
  for (;;) {
    const m = /^(\*\*|__|`|\*|_)/.exec(t);
    if (!m) break;
    decorated = true;
    t = t.slice(m[0].length).trimStart();
  }
  return { text: t, decorated };
}

const trimTrailing = (text: string) => text.replace(/(?:\*\*|__|`)+\s*$/, '').trim();

/** The action a line states in the taught form, or null for prose. */
export function actionLine(line: string): ActionLine | null {
  let body = line.replace(LEAD, '');
  let { text, decorated } = stripDecoration(body);
  const label = LABEL.exec(text);
  if (label) {
    body = text.slice(label[0].length);
    ({ text } = stripDecoration(body));
    decorated = true;
  }
  const head = HEAD.exec(text);
  if (!head) return null;
  const word = head[1]!;
  const keyword = word.toUpperCase() as Keyword;
  let after = text.slice(word.length);
  // Closing decoration right after the keyword: **SEARCH:** x, `OPEN` 3, **Done**.
  const close = /^\s*(?:\*\*|__|`|\*)/.exec(after);
  if (close) after = after.slice(close[0].length);
  const colon = /^\s*[:：]/.exec(after);
  if (colon) after = after.slice(colon[0].length).replace(/^\s*(?:\*\*|__|`)/, '');
  let rest = trimTrailing(after);
  // "DONE." or "Done!" is the bare keyword; the punctuation is not the answer.
  if (keyword === 'DONE' || keyword === 'BACK') rest = rest.replace(/^[.!。！]+\s*/, '');
  if (colon || decorated || word === keyword) return { keyword, rest };
  // Lower or title case with no colon: only the exact shape the action takes.
  if ((keyword === 'BACK' || keyword === 'DONE') && rest === '') return { keyword, rest: '' };
  if (keyword === 'OPEN' && TARGET.test(rest)) return { keyword, rest };
  return null;
}
