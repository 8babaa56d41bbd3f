// Work larger than the context (issue 29), on the tiny model's real tokenizer (node-llama-cpp):
// 1. tokens counted per second through the provider, against bare model.tokenize;
// 2. cutting a 1 MB text into parts that fit an 8k context (counted with that tokenizer);
// 3. the budget check before each model call of a loop at a 32k context (messages counted, cached
//    per text, offload and trim skipped when it fits), against counting every message again.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama } from 'node-llama-cpp';
import { fitToContext } from '../../src-main/core/engine/budget.js';
import { cachedCounter, offloadToFit } from '../../src-main/core/largeInput/offload.js';
import { splitIntoPieces } from '../../src-main/core/largeInput/pieces.js';
import type { ChatMessage } from '../../src-main/core/ports.js';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { createInputFiles } from '../../src-main/node/workspace/inputFiles.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import { median, type BenchRow } from '../types.js';

const SUITE = 'largeInput';
const CONTEXT = 32_768;

function prose(chars: number): string {
  const words = ['shipment', 'left', 'Lyon', 'on', 'day', '12', 'with', '340', 'crates;', 'the', 'carrier', 'reported', 'no', 'incident.', 'def', 'main():', 'return', 'x+1'];
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const w = words[(i * 7) % words.length]!;
    out.push(i % 14 === 13 ? `${w}\n` : w);
    size += w.length + 1;
  }
  return out.join(' ');
}

/** Median wall time of `fn` over `reps` runs, in ms. */
async function timed(reps: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export default async function largeInputBench(): Promise<BenchRow[]> {
  const provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3, temperature: 0 });
  const llama = await getLlama({ gpu: false });
  const bare = await llama.loadModel({ modelPath: tinyModelPath() });
  try {
    const text = prose(256 * 1024);
    const tokens = await provider.countTokens(text);
    const viaProvider = await timed(5, () => provider.countTokens(text));
    const viaBare = await timed(5, async () => bare.tokenize(text).length);
    const rows: BenchRow[] = [
      {
        suite: SUITE,
        metric: 'tokens counted per second (provider.countTokens, 256 KB)',
        value: tokens / (viaProvider / 1000),
        unit: 'tok/s',
        baseline: { label: 'bare model.tokenize', value: tokens / (viaBare / 1000) },
        ratio: viaBare / viaProvider,
        note: `${tokens} tokens in 256 KB`,
      },
    ];

    const mega = prose(1_000_000);
    let parts = 0;
    const split = await timed(3, async () => (parts = (await splitIntoPieces(mega, 6800, (t) => provider.countTokens(t))).length));
    rows.push({ suite: SUITE, metric: 'cut 1 MB into parts of ≤ 6800 tokens', value: split, unit: 'ms', note: `${parts} parts` });

    // A coder loop at a 32k context: system prompt, history, and tool feedback near the budget.
    const messages: ChatMessage[] = [{ role: 'system', content: prose(6000) }];
    for (let i = 0; i < 20; i++) messages.push({ role: i % 2 ? 'assistant' : 'user', content: prose(4200) });
    const counter = cachedCounter(provider);
    const workspace = mkdtempSync(join(tmpdir(), 'bench-large-'));
    const env = {
      files: createInputFiles(),
      workspace,
      counter,
      contextSize: CONTEXT,
      emit: () => undefined,
      ids: { sessionId: 's', turnId: 't' },
      kept: new Map<string, string>(),
    };
    const total = (await Promise.all(messages.map((m) => provider.countTokens(m.content)))).reduce((a, b) => a + b, 0);
    let step = 0;
    const check = async (withCache: boolean) => {
      // Each call adds one new message (the latest tool result), as the loop does.
      const call = [...messages.slice(0, -1), { role: 'user' as const, content: `${messages.at(-1)!.content} step ${step++}` }];
      if (withCache) return fitToContext(counter, await offloadToFit(call, env), CONTEXT);
      return fitToContext(provider, call, CONTEXT);
    };
    await check(true);
    const cached = await timed(30, () => check(true));
    const uncached = await timed(10, () => check(false));
    rows.push({
      suite: SUITE,
      metric: 'budget check per model call (32k context)',
      value: cached,
      unit: 'ms',
      baseline: { label: 'every message counted again', value: uncached },
      ratio: cached / uncached,
      target: '< 2 ms',
      met: cached < 2,
      note: `${messages.length} messages, ${total} tokens; ${readdirSync(workspace, { recursive: true }).length} files offloaded`,
    });
    rmSync(workspace, { recursive: true, force: true });
    return rows;
  } finally {
    await bare.dispose();
    await provider.dispose();
  }
}
