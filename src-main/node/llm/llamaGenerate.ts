// The provider's fast generation path: the prompt as the chat template renders it, the KV-cached prefix
// kept, then a plain sequence.evaluate loop with our own stop detection and incremental detokenizing.
//
// Why a second path beside LlamaChat.generateResponse: LlamaChat handles grammars, function calls,
// segments and context shifts, and pays for that on every token (detokenizing against recent tokens,
// a stop-trigger detector over text and tokens, segment bookkeeping): on a small model it reached only
// ~0.82-0.91 of a bare evaluate loop. Plain chat, the common case, needs none of that, so it runs here
// (0.96-0.98 of the bare loop in `npm run bench llm`); the provider keeps LlamaChat for JSON-schema
// grammars, continuing a started reply, and templates whose output this loop cannot parse (see plainStops).
import type { ChatWrapper, ChatWrapperGeneratedContextState, LlamaContextSequence, LlamaModel, LlamaText, SequenceEvaluateOptions, Token } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import { createIncrementalDetokenizer, createStopMatcher } from './llamaStream.js';

/** How generation ends: a stop token or string, or the token limit. */
export type PlainStopReason = 'stop' | 'maxTokens';

export interface PlainStops {
  /** Single tokens that end the turn besides the model's end-of-generation tokens (never shown). */
  tokens: ReadonlySet<Token>;
  /** Texts that end the turn, held back while they may still be forming. */
  texts: string[];
}

export interface PlainGenerateOptions {
  sequence: LlamaContextSequence;
  model: LlamaModel;
  /** The whole prompt; the part already in the sequence's KV cache is not evaluated again. */
  promptTokens: Token[];
  stops: PlainStops;
  maxTokens: number;
  signal: AbortSignal;
  onText: (text: string) => void;
  temperature?: number;
  seed?: number;
  repeatPenalty: boolean;
  contextSize: number;
}

export interface PlainGenerateResult {
  text: string;
  tokens: number;
  stopReason: PlainStopReason;
}

/** Shortest time between two rendered deltas (one display frame at 60 Hz). */
export const DELTA_INTERVAL_MS = 16;

/** LlamaChat's default repeat-penalty window, so both paths sample alike. */
const REPEAT_PENALTY_LAST_TOKENS = 64;

function textOf(trigger: LlamaText): string | null {
  let text = '';
  for (const value of trigger.values) {
    // BOS/EOS/EOT: a token, never text. Told by the library's own JSON form, so node-llama-cpp is not
    // imported at load (llamaEngine.ts).
    if (typeof value !== 'string' && value.toJSON().type === 'specialToken') return null;
    text += typeof value === 'string' ? value : value.value;
  }
  return text;
}

function plainText(value: unknown): string | null {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const text = value as LlamaText;
  return Array.isArray(text.values) ? textOf(text) : null;
}

/**
 * The stop tokens and strings for this rendered prompt, or null when the chat template needs LlamaChat:
 * prefix triggers, function-call modes, text to skip at the start, comment segments, or thought segments
 * other than `<think>…</think>` (those our reasoning splitter separates from the answer).
 */
export function plainStops(wrapper: ChatWrapper, state: ChatWrapperGeneratedContextState, model: LlamaModel): PlainStops | null {
  if (state.prefixTriggers || state.noPrefixTrigger || state.rerender || state.detectFunctionCalls) return null;
  if (state.ignoreStartText?.length || state.functionCall?.initiallyEngaged) return null;
  const segments = wrapper.settings.segments;
  if (segments?.comment || segments?.closeAllSegments) return null;
  const thought = segments?.thought;
  if (thought) {
    const prefix = typeof thought.prefix === 'object' && 'type' in thought.prefix ? null : plainText(thought.prefix);
    if (prefix?.trim() !== '<think>' || plainText(thought.suffix)?.trim() !== '</think>' || thought.openOnResponseStart) return null;
  }
  const tokens = new Set<Token>();
  const texts: string[] = [];
  for (const trigger of state.stopGenerationTriggers) {
    const text = textOf(trigger);
    if (text !== null && trigger.values.every((v) => typeof v === 'string')) {
      texts.push(text);
      continue;
    }
    const triggerTokens = trigger.tokenize(model.tokenizer);
    if (triggerTokens.length === 1) tokens.add(triggerTokens[0]!);
    else if (text !== null)
      texts.push(text); // special text the vocabulary has no single token for
    else return null; // a multi-token special sequence: leave it to LlamaChat's detector
  }
  return { tokens, texts };
}

/**
 * Erases the sequence's tokens from the first one that differs from the prompt and returns what is left
 * to evaluate; at least the prompt's last token, whose logits give the first reply token.
 */
export async function alignWithPrompt(sequence: LlamaContextSequence, prompt: Token[]): Promise<Token[]> {
  if (prompt.length === 0) throw new AppError('BAD_INPUT', 'The prompt rendered to no tokens.');
  const last = prompt.length - 1;
  // Without shifting: a context shift would re-evaluate tokens to keep less, never worth it here.
  await sequence.adaptStateToTokens(prompt.slice(0, last), false);
  return prompt.slice(Math.min(sequence.nextTokenIndex, last));
}

/** Generates one reply on the fast path. Throws CANCELLED on abort, CONTEXT_OVERFLOW instead of shifting. */
export async function generatePlain(options: PlainGenerateOptions): Promise<PlainGenerateResult> {
  const { sequence, model, stops, signal, onText, maxTokens } = options;
  const toEvaluate = await alignWithPrompt(sequence, options.promptTokens);
  const detokenizer = createIncrementalDetokenizer<Token>((tokens) => model.detokenize(tokens, false));
  const matcher = createStopMatcher(stops.texts);
  const generated: Token[] = [];
  const evaluateOptions: SequenceEvaluateOptions = {
    temperature: options.temperature,
    seed: options.seed,
    contextShift: {
      // Never drop history silently: the caller decides what to compact.
      strategy: () => {
        throw new AppError('CONTEXT_OVERFLOW', `The reply ran out of the model's ${options.contextSize}-token context: start a new session or compact the history.`);
      },
    },
  };
  if (options.repeatPenalty) {
    const newline = model.tokens.nl;
    evaluateOptions.repeatPenalty = {
      punishTokens: () => generated.slice(-REPEAT_PENALTY_LAST_TOKENS).filter((t) => t !== newline),
      penalty: 1.1,
    };
  }
  let text = '';
  let unrendered: Token[] = [];
  let renderedAt = -Infinity;
  /** Renders the tokens since the last call and streams their text; true when a stop string ended it. */
  const render = (final: boolean): boolean => {
    let piece = detokenizer.push(unrendered);
    unrendered = [];
    if (final) piece += detokenizer.flush();
    const match = matcher.push(piece);
    const out = final && !match.stopped ? match.text + matcher.flush() : match.text;
    if (out) {
      text += out;
      onText(out);
    }
    return match.stopped;
  };
  const cancelled = (): AppError => new AppError('CANCELLED', 'Cancelled.');
  if (signal.aborted) throw cancelled();
  let stopReason: PlainStopReason = 'stop';
  // The end-of-generation tokens (EOS, EOT) end the loop inside evaluate and are never yielded.
  for await (const token of sequence.evaluate(toEvaluate, evaluateOptions)) {
    if (signal.aborted) throw cancelled();
    if (stops.tokens.has(token)) break;
    generated.push(token);
    unrendered.push(token);
    if (generated.length >= maxTokens) {
      stopReason = 'maxTokens';
      break;
    }
    // Text is rendered and streamed at most once per DELTA_INTERVAL_MS: a fast model makes thousands of
    // tokens a second, more updates than anyone reads, and each costs native detokenizing, the
    // listener's reasoning splitter and event plumbing. A model slower than that streams every token.
    // A stop string is therefore seen up to one interval late; the tokens past it are dropped from the
    // text (still counted as generated, and erased from the cache by the next call's prefix alignment).
    const now = performance.now();
    if (now - renderedAt >= DELTA_INTERVAL_MS) {
      renderedAt = now;
      if (render(false)) return { text, tokens: generated.length, stopReason: 'stop' };
      if (signal.aborted) throw cancelled(); // the listener aborted: do not evaluate another token
    }
  }
  const stopped = render(true);
  return { text, tokens: generated.length, stopReason: stopped ? 'stop' : stopReason };
}
