import { BLOCK_PLACEHOLDER_RE } from '../../../src-main/common/placeholders.js';

export type Segment = { kind: 'text'; text: string } | { kind: 'block'; blockId: string };

/** Splits a reply at its `[[block:ID]]` placeholders, so each block can be drawn in its place. */
export function splitAtPlaceholders(text: string): Segment[] {
  const segments: Segment[] = [];
  const re = new RegExp(BLOCK_PLACEHOLDER_RE.source, 'g');
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m.index > last) segments.push({ kind: 'text', text: text.slice(last, m.index) });
    segments.push({ kind: 'block', blockId: m[1] ?? '' });
    last = m.index + m[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments.filter((s) => s.kind === 'block' || s.text.trim() !== '');
}

/**
 * The prose of a reply: fenced blocks (the answer keeps them as code) and placeholders (the
 * streamed reply has them instead) removed, so the two forms of one reply compare equal.
 */
const prose = (text: string): string =>
  text
    .replace(/^[ \t]*```[^\n]*\n[\s\S]*?^[ \t]*```[ \t]*$/gm, '')
    .replace(new RegExp(BLOCK_PLACEHOLDER_RE.source, 'g'), '')
    .replace(/\s+/g, ' ')
    .trim();

/** The final answer is shown apart only when it says something the replies did not. */
export function answerAddsToReplies(answer: string, replies: readonly string[]): boolean {
  const a = prose(answer);
  if (!a && !answer.trim()) return false;
  return !replies.some((r) => r.trim() === answer.trim() || (a !== '' && prose(r) === a));
}

export const stripPlaceholders = (text: string): string => text.replace(new RegExp(BLOCK_PLACEHOLDER_RE.source, 'g'), '').trim();
