// Keeps every model call inside the context the provider really has. Older turns are summarised
// when the history passes ~80 % of the budget; a call that would still overflow is trimmed, and
// refused when even the system prompt and the latest message cannot fit.
import { AppError } from '../../common/errors.js';
import type { ChatMessage, LlmProvider } from '../ports.js';

export const COMPACT_AT = 0.8;
/** Tokens kept free for the model's answer. */
export const ANSWER_RESERVE = 1024;
const CUT_NOTE = '\n[… cut to fit the model context …]\n';

export async function countMessages(llm: Pick<LlmProvider, 'countTokens'>, messages: readonly ChatMessage[]): Promise<number> {
  let total = 0;
  for (const m of messages) total += (await llm.countTokens(m.content)) + 4;
  return total;
}

/**
 * Shrinks the longest middle messages (old tool output, usually) until the call fits. The system
 * prompt and the latest message are never touched; if they alone do not fit, the call is refused.
 */
export async function fitToContext(llm: Pick<LlmProvider, 'countTokens'>, messages: ChatMessage[], contextSize: number): Promise<ChatMessage[]> {
  const limit = Math.max(256, contextSize - Math.min(ANSWER_RESERVE, Math.floor(contextSize / 4)));
  let total = await countMessages(llm, messages);
  if (total <= limit) return messages;
  const out = messages.map((m) => ({ ...m }));
  for (let guard = 0; total > limit && guard < 200; guard++) {
    const middle = out.slice(1, -1);
    const longest = middle.reduce<ChatMessage | null>((a, m) => (!a || m.content.length > a.content.length ? m : a), null);
    if (!longest || longest.content.length <= 200) break;
    const keep = Math.floor(longest.content.length / 2);
    longest.content = longest.content.slice(0, keep / 2) + CUT_NOTE + longest.content.slice(-keep / 2);
    total = await countMessages(llm, out);
  }
  if (total > limit) {
    throw new AppError(
      'CONTEXT_OVERFLOW',
      `The request needs about ${total} tokens but the model's context holds ${contextSize}: shorten the request or pick a model with a larger context.`,
    );
  }
  return out;
}

/** Index from which the messages are kept verbatim when compacting: the latest turn at least. */
export async function splitForCompaction(llm: LlmProvider, history: readonly ChatMessage[], keepBudget: number): Promise<number> {
  let kept = 0;
  let index = history.length;
  while (index > 0) {
    const cost = (await llm.countTokens(history[index - 1]!.content)) + 4;
    // Always keep the latest exchange, then as much as the budget allows.
    if (history.length - index >= 2 && kept + cost > keepBudget) break;
    kept += cost;
    index -= 1;
  }
  return index;
}
