// What the web agent does with one reply: carry out its action, take it as the final answer, or
// remind the model of the action syntax. Small models often just state the answer without DONE;
// such a reply ends the run after at most one reminder (at once when it labels itself an answer).
import { parseReply, type ParsedReply, type WebAction } from './actionParser.js';
import { actionLine } from './actionLine.js';

export type WebStep =
  | { kind: 'act'; action: Exclude<WebAction, { kind: 'done' }>; parsed: ParsedReply }
  | { kind: 'answer'; answer: string; parsed: ParsedReply }
  /** No action: tell the model its problems, or remind it of the actions when it has none. */
  | { kind: 'retry'; remind: boolean; parsed: ParsedReply };

// "Final answer:", "**Answer**", "## Réponse", "答案：" at the start of a line.
const ANSWER_LABEL =
  /^\s*(?:#{1,4}\s*|\*\*)?(?:final answer|answer|short answer|summary|réponse(?: finale)?|respuesta(?: final)?|antwort|zusammenfassung|答案|最终答案|回答|总结)\b\s*(?:\*\*)?\s*[:：]?/im;
// Announcing a next move rather than answering: "Let me open…", "I will search…", "Je vais chercher".
const PLANNING = /^\s*(?:let me|let's|i will|i'll|i need to|i should|i am going to|i'm going to|next,? i|first,? i|je vais|voy a|ich werde|我将|我会|让我)\b/i;

/** The reply without its note lines, if it reads as a complete answer to the user. */
export function answerIn(reply: string): string | null {
  const text = reply
    .split('\n')
    .filter((l) => actionLine(l)?.keyword !== 'NOTE')
    .join('\n')
    .trim();
  if (text.length < 20 || PLANNING.test(text)) return null;
  // Cut off mid-sentence or ending on a colon: the answer was not finished.
  if (/[:：,]\s*$/.test(text)) return null;
  return text;
}

export function decideStep(reply: string, reminded: boolean): WebStep {
  const parsed = parseReply(reply);
  if (parsed.action?.kind === 'done') return { kind: 'answer', answer: parsed.action.summary, parsed };
  if (parsed.action) return { kind: 'act', action: parsed.action, parsed };
  if (parsed.problems.length > 0) return { kind: 'retry', remind: false, parsed };
  const answer = answerIn(reply);
  if (answer !== null && (reminded || ANSWER_LABEL.test(answer))) return { kind: 'answer', answer, parsed };
  return { kind: 'retry', remind: true, parsed };
}
