// Turning generated tokens into streamed text cheaply: an incremental detokenizer that keeps multi-byte
// characters whole, and a stop-string matcher that never lets a stop string (or its beginning) out.
// Pure over a detokenize function so they can be tested without a model.
import { heldPrefixLength } from '../../core/llm/heldPrefix.js';

/** Renders tokens to text (llama.cpp's detokenizer; invalid or incomplete UTF-8 comes back as U+FFFD). */
export type DetokenizeFn<T> = (tokens: readonly T[]) => string;

export interface IncrementalDetokenizer<T> {
  /** Adds tokens; returns the text they complete (a character still missing bytes waits for them). */
  push(tokens: readonly T[]): string;
  /** End of stream: whatever was held back, as it is. */
  flush(): string;
}

const REPLACEMENT = '\uFFFD';
/** A UTF-8 character spans at most 4 byte tokens: past that a trailing U+FFFD is real, not pending. */
const MAX_PENDING_TOKENS = 4;

/**
 * Renders new tokens after the last emitted one and emits the difference: detokenize([prev, ...new])
 * minus detokenize([prev]). The previous token keeps what depends on a neighbour right (SentencePiece
 * drops the leading space of a text's first token; byte-fallback tokens combine). Called with a batch of
 * tokens this is two native calls per batch, where LlamaModel.detokenize(tokens, false, lastTokens) per
 * token costs two or three per token. Trailing tokens whose text ends in U+FFFD (a character cut between
 * byte tokens) wait for the rest of their bytes.
 */
export function createIncrementalDetokenizer<T>(detokenize: DetokenizeFn<T>): IncrementalDetokenizer<T> {
  let previous: T | undefined; // the last emitted token
  let previousText = ''; // detokenize([previous])
  let pending: T[] = [];
  const render = (tokens: readonly T[]): string => detokenize(previous === undefined ? tokens : [previous, ...tokens]);
  /** Emits the text of pending[0, count), rendered as `text`. */
  const emit = (count: number, text: string): string => {
    // If a tokenizer ever renders the context token differently with a follower, emit from the first
    // difference: what was said cannot be taken back.
    let common = 0;
    if (text.startsWith(previousText)) common = previousText.length;
    else while (common < previousText.length && common < text.length && previousText[common] === text[common]) common++;
    previous = pending[count - 1];
    previousText = previous === undefined ? '' : detokenize([previous]);
    pending = pending.slice(count);
    return text.slice(common);
  };
  return {
    push(tokens) {
      if (tokens.length === 0) return '';
      pending.push(...tokens);
      const text = render(pending);
      if (!text.endsWith(REPLACEMENT)) return emit(pending.length, text);
      // Find the longest prefix that ends on a whole character; the incomplete rest waits.
      for (let held = 1; held < MAX_PENDING_TOKENS && held < pending.length; held++) {
        const shorter = render(pending.slice(0, pending.length - held));
        if (!shorter.endsWith(REPLACEMENT)) return emit(pending.length - held, shorter);
      }
      return pending.length < MAX_PENDING_TOKENS ? '' : emit(pending.length, text);
    },
    flush() {
      return pending.length > 0 ? emit(pending.length, render(pending)) : '';
    },
  };
}

export interface StopMatch {
  /** Text that can be shown now. */
  text: string;
  /** A stop string was found: `text` ends just before it, and the stream is over. */
  stopped: boolean;
}

/** Streams text while holding back anything that may turn out to be a stop string. */
export function createStopMatcher(stops: readonly string[]): { push(text: string): StopMatch; flush(): string } {
  const wanted = stops.filter((s) => s.length > 0);
  let held = '';
  return {
    push(text) {
      if (wanted.length === 0) return { text, stopped: false };
      held += text;
      let at = -1;
      for (const stop of wanted) {
        const i = held.indexOf(stop);
        if (i >= 0 && (at < 0 || i < at)) at = i;
      }
      if (at >= 0) {
        const out = held.slice(0, at);
        held = '';
        return { text: out, stopped: true };
      }
      const keep = heldPrefixLength(held, wanted);
      const out = held.slice(0, held.length - keep);
      held = held.slice(held.length - keep);
      return { text: out, stopped: false };
    },
    flush() {
      const out = held;
      held = '';
      return out;
    },
  };
}
