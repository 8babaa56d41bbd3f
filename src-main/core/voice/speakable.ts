// What of an answer is read aloud. Code (fenced or inline), tables and lists are never read: a voice
// reading `for (let i = 0; …` or a table cell by cell helps nobody. In 'short' mode only answers
// whose prose is short are spoken at all; 'all' speaks the prose of any answer.
import { BLOCK_PLACEHOLDER_RE } from '../../common/events.js';

export type SpokenAnswers = 'off' | 'short' | 'all';

/** Prose longer than this is not spoken in 'short' mode (about three sentences, ~15 s of speech). */
export const SHORT_ANSWER_CHARS = 280;

export function speakableText(markdown: string): string {
  const lines = markdown
    .replace(/```[\s\S]*?(```|$)/g, '\n')
    .replace(/~~~[\s\S]*?(~~~|$)/g, '\n')
    .replace(BLOCK_PLACEHOLDER_RE, ' ')
    .split('\n');
  const kept: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (/^\|.*\|$/.test(line) || /^[-:| ]+$/.test(line)) continue; // table rows and rules
    if (/^([-*+]|\d+[.)])\s+/.test(line)) continue; // list items
    if (/^ {4,}|\t/.test(raw)) continue; // indented code
    kept.push(line.replace(/^#+\s*/, '').replace(/^>\s*/, ''));
  }
  return kept
    .join(' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[*_~]{1,3}([^*_~]+)[*_~]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text to speak for an answer under a mode, or null when nothing should be spoken. */
export function textToSpeak(answer: string, mode: SpokenAnswers): string | null {
  if (mode === 'off') return null;
  const text = speakableText(answer);
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  if (mode === 'short' && text.length > SHORT_ANSWER_CHARS) return null;
  return text;
}
