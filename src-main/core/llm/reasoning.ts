// Splits a model's reasoning (`<think>…</think>`) from its answer, whole or while streaming.
// Models differ: some open and close the section, some leave it unclosed when cut off, some emit only
// the closing tag because the chat template already opened it, some think more than once.
import type { LlmDelta } from '../ports.js';
import { heldPrefixLength } from './heldPrefix.js';

const OPEN = '<think>';
const CLOSE = '</think>';

export interface ReasoningSplit {
  answer: string;
  reasoning: string;
}

/** Separates reasoning sections from the answer of a complete reply. */
export function splitReasoning(text: string): ReasoningSplit {
  const answer: string[] = [];
  const reasoning: string[] = [];
  let rest = text;
  const firstOpen = rest.indexOf(OPEN);
  const firstClose = rest.indexOf(CLOSE);
  // Only a closing tag before any opening one: the template opened the section, the reply starts in it.
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
    reasoning.push(rest.slice(0, firstClose));
    rest = rest.slice(firstClose + CLOSE.length);
  }
  for (;;) {
    const open = rest.indexOf(OPEN);
    if (open < 0) {
      answer.push(rest.split(CLOSE).join(''));
      break;
    }
    answer.push(rest.slice(0, open).split(CLOSE).join(''));
    rest = rest.slice(open + OPEN.length);
    const close = rest.indexOf(CLOSE);
    if (close < 0) {
      reasoning.push(rest); // unclosed: the reply was cut off while thinking
      break;
    }
    reasoning.push(rest.slice(0, close));
    rest = rest.slice(close + CLOSE.length);
  }
  return {
    answer: answer.join('').trim(),
    reasoning: reasoning
      .map((r) => r.trim())
      .filter(Boolean)
      .join('\n\n'),
  };
}

export interface ReasoningStream {
  /** Feed the next chunk; returns what can be said now. A tag split across chunks is held back until whole. */
  push(chunk: string): LlmDelta;
  /** End of stream: returns whatever was held back. */
  flush(): LlmDelta;
}

/**
 * Streaming splitter. A closing tag with no opening one is dropped (its text was already streamed as
 * answer); use splitReasoning on the whole reply for the final, exact split.
 */
export function createReasoningStream(): ReasoningStream {
  let buffer = '';
  let thinking = false;
  const emit = (delta: { text: string; reasoning: string }): LlmDelta => {
    const out: LlmDelta = {};
    if (delta.text) out.text = delta.text;
    if (delta.reasoning) out.reasoning = delta.reasoning;
    return out;
  };
  const route = (delta: { text: string; reasoning: string }, piece: string): void => {
    if (thinking) delta.reasoning += piece;
    else delta.text += piece;
  };
  return {
    push(chunk) {
      buffer += chunk;
      const delta = { text: '', reasoning: '' };
      for (;;) {
        const tags = thinking ? [CLOSE] : [OPEN, CLOSE];
        const hits = tags.map((tag) => ({ tag, at: buffer.indexOf(tag) })).filter((h) => h.at >= 0);
        if (hits.length === 0) break;
        const hit = hits.reduce((a, b) => (b.at < a.at ? b : a));
        route(delta, buffer.slice(0, hit.at));
        buffer = buffer.slice(hit.at + hit.tag.length);
        if (hit.tag === OPEN) thinking = true;
        else if (thinking) thinking = false;
      }
      const hold = heldPrefixLength(buffer, thinking ? [CLOSE] : [OPEN, CLOSE]);
      route(delta, buffer.slice(0, buffer.length - hold));
      buffer = buffer.slice(buffer.length - hold);
      return emit(delta);
    },
    flush() {
      const delta = { text: '', reasoning: '' };
      route(delta, buffer);
      buffer = '';
      return emit(delta);
    },
  };
}
