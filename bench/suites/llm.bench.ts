// The embedded provider on the tiny random-weight model:
// 1. tokens evaluated per turn over a 10-turn conversation, KV-cache reuse against a fresh evaluation of
//    the whole history every turn (what a stateless provider call costs);
// 2. generation speed through the provider against a bare node-llama-cpp evaluation loop.
import { getLlama, LlamaChat, type LlamaContext } from 'node-llama-cpp';
import type { ChatMessage } from '../../src-main/core/ports.js';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import { median, type BenchRow } from '../types.js';

const SUITE = 'llm';
const TURNS = 10;
const REPLY_TOKENS = 16;
const GEN_TOKENS = 200;
const REPS = 25;
const live = () => new AbortController().signal;

async function evaluatedPerTurn(provider: LlamaCppProvider, reuse: boolean): Promise<number[]> {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You are a helpful coding agent. Answer briefly.' }];
  const perTurn: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    messages.push({ role: 'user', content: `Step ${turn + 1}: list the files and explain the next change.` });
    if (!reuse) provider.release('bench'); // forget the cache: the whole history is evaluated again
    const reply = await provider.complete({ messages, signal: live(), maxTokens: REPLY_TOKENS, cacheKey: 'bench' });
    perTurn.push(reply.usage?.evaluatedTokens ?? NaN);
    messages.push({ role: 'assistant', content: reply.text });
  }
  return perTurn;
}

/** One generation's speed, timed from its first token (or first delta) to its end, the same way for every side. */
interface Speed {
  /** Tokens after the first per wall-clock second. */
  rate: number;
  /** Process CPU microseconds per token after the first: what the code costs, whatever the neighbours do. */
  cpuPerToken: number;
  tokens: number;
}

/** Starts the clocks at the first token; `stop` reads them. */
function stopwatch(): { start(): void; stop(tokens: number): Speed } {
  let first = 0;
  let cpu: NodeJS.CpuUsage | undefined;
  return {
    start() {
      if (first) return;
      first = performance.now();
      cpu = process.cpuUsage();
    },
    stop(tokens) {
      const seconds = (performance.now() - first) / 1000;
      const used = process.cpuUsage(cpu);
      return { rate: (tokens - 1) / seconds, cpuPerToken: (used.user + used.system) / (tokens - 1), tokens };
    },
  };
}

async function providerSpeed(provider: LlamaCppProvider, rep: number): Promise<Speed> {
  const clock = stopwatch();
  const reply = await provider.complete({
    messages: [{ role: 'user', content: `Write a long story, take ${rep}.` }],
    signal: live(),
    maxTokens: GEN_TOKENS,
    onDelta: () => clock.start(),
  });
  return clock.stop(reply.usage?.completionTokens ?? 0); // tokens after the first delta
}

/** The baseline: node-llama-cpp's evaluate loop, nothing else. */
async function bareSpeed(context: LlamaContext, rep: number): Promise<Speed> {
  const sequence = context.getSequence();
  const prompt = context.model.tokenize(`Write a long story, take ${rep}.`);
  const clock = stopwatch();
  let count = 0;
  for await (const token of sequence.evaluate(prompt, { temperature: 0 })) {
    void token;
    clock.start();
    if (++count >= GEN_TOKENS) break;
  }
  const speed = clock.stop(count);
  await sequence.dispose();
  return speed;
}

/**
 * node-llama-cpp's own chat layer (chat template, per-token detokenizing and stop detection) with
 * nothing of ours around it: separates the library's per-token cost from the provider's.
 */
async function chatSpeed(context: LlamaContext, rep: number): Promise<Speed> {
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  const clock = stopwatch();
  let count = 0;
  try {
    await chat.generateResponse([{ type: 'user', text: `Write a long story, take ${rep}.` }], {
      maxTokens: GEN_TOKENS,
      temperature: 0,
      repeatPenalty: false,
      onResponseChunk: (chunk) => {
        clock.start();
        count += chunk.tokens.length;
      },
    });
  } finally {
    chat.dispose();
    await sequence.dispose();
  }
  return clock.stop(count);
}

interface SpeedSummary {
  /** Best of REPS wall-clock rates: on a shared 2-core machine the fastest run is closest to the code's own cost. */
  best: number;
  median: number;
  /** Median CPU microseconds per token over REPS (the best run's equals its wall time, so the median says more). */
  cpu: number;
  tokens: number;
}

const summary = (runs: Speed[]): SpeedSummary => ({
  best: Math.max(...runs.map((r) => r.rate)),
  median: median(runs.map((r) => r.rate)),
  cpu: median(runs.map((r) => r.cpuPerToken)),
  tokens: Math.min(...runs.map((r) => r.tokens)),
});

async function generationSpeeds(modelPath: string, provider: LlamaCppProvider): Promise<{ provider: SpeedSummary; bare: SpeedSummary; chat: SpeedSummary }> {
  const llama = await getLlama({ gpu: false, build: 'never' });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize: 2048, threads: 1 }); // as the provider's
  const runs = { provider: [] as Speed[], bare: [] as Speed[], chat: [] as Speed[] };
  try {
    for (let rep = 0; rep < REPS; rep++) {
      // Interleaved, in alternating order, so that warm-up and machine noise hit every side alike.
      const sides: Array<() => Promise<void>> = [
        async () => void runs.provider.push(await providerSpeed(provider, rep)),
        async () => void runs.bare.push(await bareSpeed(context, rep)),
        async () => void runs.chat.push(await chatSpeed(context, rep)),
      ];
      if (rep % 2) sides.reverse();
      for (const side of sides) await side();
    }
  } finally {
    await context.dispose();
    await model.dispose();
  }
  return { provider: summary(runs.provider), bare: summary(runs.bare), chat: summary(runs.chat) };
}

export default async function llmBench(): Promise<BenchRow[]> {
  const modelPath = tinyModelPath();
  const provider = new LlamaCppProvider({ modelPath, logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3, temperature: 0 });
  try {
    const reused = await evaluatedPerTurn(provider, true);
    const fresh = await evaluatedPerTurn(provider, false);
    const totalReused = reused.reduce((a, b) => a + b, 0);
    const totalFresh = fresh.reduce((a, b) => a + b, 0);
    const speed = await generationSpeeds(modelPath, provider);
    const ratio = speed.provider.best / speed.bare.best;
    return [
      {
        suite: SUITE,
        metric: `tokens evaluated over ${TURNS} turns, KV reuse`,
        value: totalReused,
        unit: 'tokens',
        baseline: { label: 'fresh evaluation each turn', value: totalFresh },
        ratio: totalReused / totalFresh,
        note: `per turn reuse [${reused.join(', ')}] vs fresh [${fresh.join(', ')}]`,
      },
      {
        suite: SUITE,
        metric: 'generation speed through the provider',
        value: speed.provider.best,
        unit: 'tokens/s',
        baseline: { label: 'bare node-llama-cpp loop', value: speed.bare.best },
        ratio,
        target: '>= 0.95',
        met: ratio >= 0.95,
        note: `tiny model, 1 thread, up to ${GEN_TOKENS} tokens (provider min ${speed.provider.tokens}), best of ${REPS} interleaved; medians ${speed.provider.median.toFixed(0)} vs ${speed.bare.median.toFixed(0)}`,
      },
      {
        suite: SUITE,
        metric: 'CPU time per generated token through the provider (median)',
        value: speed.provider.cpu,
        unit: 'us/token',
        baseline: { label: 'bare node-llama-cpp loop', value: speed.bare.cpu },
        // Inverted so that, as above, 1 means as fast as the bare loop and less is slower.
        ratio: speed.bare.cpu / speed.provider.cpu,
        note: `process CPU from the first token to the end, median of ${REPS}: less sensitive to neighbours than wall time; LlamaChat ${speed.chat.cpu.toFixed(0)} us/token`,
      },
      {
        suite: SUITE,
        metric: 'generation speed through the provider vs node-llama-cpp chat',
        value: speed.provider.best,
        unit: 'tokens/s',
        baseline: { label: 'bare LlamaChat.generateResponse', value: speed.chat.best },
        ratio: speed.provider.best / speed.chat.best,
        note: `what the provider's plain-chat loop gains over the library chat layer (LlamaChat vs bare loop ${(speed.chat.best / speed.bare.best).toFixed(3)})`,
      },
    ];
  } finally {
    await provider.dispose();
  }
}
