// The first turn of five new sessions on the embedded model (tiny random-weight GGUF, 1 thread):
// tokens evaluated and wall time with the system-prompt state cache (promptStates.ts) against the
// same five sessions without it, measured in the same run. Sessions alternate between the coder
// and casual agents' real system prompts, so each one finds the sequence holding the other agent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemblePrompt } from '../../src-main/core/prompts.js';
import type { ChatMessage } from '../../src-main/core/ports.js';
import { createPromptFiles } from '../../src-main/node/settings/promptFiles.js';
import { LlamaCppProvider } from '../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import type { BenchRow } from '../types.js';

const SUITE = 'llm';
const ROOT = join(import.meta.dirname, '..', '..');
const SESSIONS = 5;

async function fiveSessions(promptCacheDir: string | undefined): Promise<{ tokens: number; ms: number }> {
  const prompts = createPromptFiles(join(ROOT, 'prompts'));
  const base = { os: 'linux', workspace: '/work', languages: ['python', 'bash'], language: 'auto', date: '2026-12-01' };
  const toolDocs = ['python', 'bash', 'file_finder'].map((tag) => assemblePrompt(prompts, `tools/${tag}`, base).trim()).join('\n\n');
  const system = (agent: 'coder' | 'casual') => assemblePrompt(prompts, agent, { ...base, toolDocs });
  const provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 4096, seed: 3, temperature: 0, promptCacheDir });
  try {
    await provider.countTokens('warm up'); // model load is not part of a turn
    let tokens = 0;
    const started = performance.now();
    for (let i = 0; i < SESSIONS; i++) {
      const agent = i % 2 === 0 ? 'coder' : 'casual';
      const messages: ChatMessage[] = [
        { role: 'system', content: system(agent) },
        { role: 'user', content: `request number ${i}: tidy up the notes folder` },
      ];
      const reply = await provider.complete({ messages, signal: new AbortController().signal, maxTokens: 4, cacheKey: `s${i}` });
      tokens += reply.usage?.evaluatedTokens ?? NaN;
      provider.release(`s${i}`);
    }
    return { tokens, ms: performance.now() - started };
  } finally {
    await provider.dispose();
  }
}

export default async function promptCacheBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prompt-states-'));
  try {
    const without = await fiveSessions(undefined);
    await fiveSessions(dir); // a previous run of the app made the state files
    const withCache = await fiveSessions(dir);
    return [
      {
        suite: SUITE,
        metric: `tokens evaluated, first turn of ${SESSIONS} new sessions (coder/casual alternating)`,
        value: withCache.tokens,
        unit: 'tokens',
        baseline: { label: 'no prompt state cache', value: without.tokens },
        ratio: withCache.tokens / without.tokens,
        note: 'state files from an earlier run (a restart)',
      },
      {
        suite: SUITE,
        metric: `wall time, first turn of ${SESSIONS} new sessions`,
        value: withCache.ms,
        unit: 'ms',
        baseline: { label: 'no prompt state cache', value: without.ms },
        ratio: withCache.ms / without.ms,
        note: 'tiny model: a real 7B model reads prompts ~1000x slower, loading a state file does not',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
