// What a client assembles from a streamed chat completion, as the OpenAI SDK's users do: the text,
// each tool call from its deltas (id, name and argument pieces by index), and the finish reason.
import type OpenAI from 'openai';

export interface AssembledStream {
  calls: Array<{ id: string; name: string; args: string }>;
  text: string;
  finish: string | null;
}

export async function assembleStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<AssembledStream> {
  const calls: AssembledStream['calls'] = [];
  let text = '';
  let finish: string | null = null;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (!choice) continue;
    finish = choice.finish_reason ?? finish;
    text += choice.delta.content ?? '';
    for (const d of choice.delta.tool_calls ?? []) {
      const call = (calls[d.index] ??= { id: '', name: '', args: '' });
      call.id += d.id ?? '';
      call.name += d.function?.name ?? '';
      call.args += d.function?.arguments ?? '';
    }
  }
  return { calls, text, finish };
}
