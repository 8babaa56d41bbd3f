// Headroom inside agent loops: before each model call the messages are counted with the model's
// tokenizer (counts cached per text, so the check costs little on every call); when they would
// pass the budget, the largest older messages (tool outputs, usually) are kept as workspace files
// and replaced by handles, before the call rather than after a failure. Large block outputs are
// kept as files as soon as they come back.
import type { EventInput } from '../../common/events.js';
import { ANSWER_RESERVE } from '../engine/budget.js';
import type { ChatMessage, LlmProvider } from '../ports.js';
import type { InputFiles } from './inputFiles.js';
import { describeStored } from './pieces.js';

/** Block outputs longer than this are kept whole as files; the model gets a handle and the last lines. */
export const LARGE_OUTPUT_CHARS = 6_000;
const CACHE_LIMIT = 2048;

/** countTokens with a per-text cache: a loop's messages are counted again before every call. */
export function cachedCounter(llm: Pick<LlmProvider, 'countTokens'>): Pick<LlmProvider, 'countTokens'> {
  const cache = new Map<string, number>();
  return {
    async countTokens(text) {
      const hit = cache.get(text);
      if (hit !== undefined) return hit;
      const n = await llm.countTokens(text);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(text, n);
      return n;
    },
  };
}

export interface OffloadEnv {
  files: InputFiles;
  workspace: string;
  counter: Pick<LlmProvider, 'countTokens'>;
  contextSize: number;
  emit: (event: EventInput) => void;
  ids: { sessionId: string; turnId: string };
  /** Texts already kept as files in this turn, and their handles: each is written once. */
  kept: Map<string, string>;
}

/** Tokens one call may send: the context less the room kept for the answer (as fitToContext counts). */
export const callLimit = (contextSize: number): number => Math.max(256, contextSize - Math.min(ANSWER_RESERVE, Math.floor(contextSize / 4)));

async function keep(env: OffloadEnv, what: string, text: string): Promise<string> {
  const known = env.kept.get(text);
  if (known !== undefined) return known;
  const path = await env.files.save(env.workspace, 'output', text);
  const tokens = await env.counter.countTokens(text);
  env.emit({ type: 'input.stored', ...env.ids, path, chars: text.length, tokens });
  const handle = describeStored(what, { path, text, tokens });
  env.kept.set(text, handle);
  return handle;
}

/** The messages, with the largest older ones kept as files until the call fits (system prompt and latest message untouched). */
export async function offloadToFit(messages: ChatMessage[], env: OffloadEnv): Promise<ChatMessage[]> {
  const limit = callLimit(env.contextSize);
  const costs = await Promise.all(messages.map(async (m) => (await env.counter.countTokens(m.content)) + 4));
  let total = costs.reduce((a, b) => a + b, 0);
  if (total <= limit) return messages;
  const out = messages.map((m) => ({ ...m }));
  // Largest first: one big tool output usually frees enough on its own.
  const order = out
    .map((_, i) => i)
    .slice(1, -1)
    .sort((a, b) => costs[b]! - costs[a]!);
  for (const i of order) {
    if (total <= limit || costs[i]! < 200) break;
    const handle = await keep(env, out[i]!.role === 'assistant' ? 'An earlier reply' : 'An earlier message (tool output)', out[i]!.content);
    const cost = (await env.counter.countTokens(handle)) + 4;
    total += cost - costs[i]!;
    costs[i] = cost;
    out[i]!.content = handle;
  }
  return out;
}

/** A block's output as the model and the record keep it: itself, or a handle to the file holding it and its last lines. */
export async function keepLargeOutput(output: string, env: OffloadEnv): Promise<string> {
  if (output.length <= LARGE_OUTPUT_CHARS) return output;
  const handle = await keep(env, 'The output of this block', output);
  const tail = output.trimEnd().split('\n').slice(-10).join('\n');
  return `${handle}\nLast lines:\n${tail.length > 2000 ? tail.slice(-2000) : tail}`;
}
