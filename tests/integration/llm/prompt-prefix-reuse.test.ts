// A new session must not evaluate its agent's system prompt again: the evaluated prefix is kept in
// the sequence, in a state file across agent switches, and across a restart of the provider.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src-main/core/ports.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'agentic-prompt-states-'));
const providers: LlamaCppProvider[] = [];
afterAll(async () => {
  await Promise.all(providers.map((p) => p.dispose()));
  rmSync(cacheDir, { recursive: true, force: true });
});

const make = (promptCacheDir?: string) => {
  const provider = new LlamaCppProvider({ modelPath: tinyModelPath(), logger: silentLogger, gpu: false, threads: 1, contextSize: 2048, seed: 3, promptCacheDir });
  providers.push(provider);
  return provider;
};
const systemOf = (agent: string) => `You are the ${agent} agent. ` + 'Follow the rules of the workspace, answer briefly and say what you did. '.repeat(12);
const session = (agent: string, request: string): ChatMessage[] => [
  { role: 'system', content: systemOf(agent) },
  { role: 'user', content: request },
];
async function firstTurn(provider: LlamaCppProvider, agent: string, request: string, key: string): Promise<{ evaluated: number; prompt: number }> {
  const reply = await provider.complete({ messages: session(agent, request), signal: new AbortController().signal, maxTokens: 2, cacheKey: key });
  provider.release(key);
  return { evaluated: reply.usage!.evaluatedTokens!, prompt: reply.usage!.promptTokens };
}

describe('system prompt reuse across sessions', () => {
  it('evaluates each agent prompt once: later sessions, agent switches and a restart evaluate only their own messages', async () => {
    const provider = make(cacheDir);
    const first = await firstTurn(provider, 'coder', 'write hello.py', 's1');
    expect(first.evaluated).toBeGreaterThanOrEqual(first.prompt - 1); // nothing to reuse yet
    const systemTokens = await provider.countTokens(systemOf('coder'));
    const own = first.prompt - systemTokens;
    expect(systemTokens).toBeGreaterThan(150);

    const second = await firstTurn(provider, 'coder', 'list my files please', 's2');
    expect(second.evaluated).toBeLessThan(own + 16);

    await firstTurn(provider, 'casual', 'hello there', 's3'); // another agent takes the sequence
    const back = await firstTurn(provider, 'coder', 'run the tests', 's4');
    expect(back.evaluated).toBeLessThan(own + 16); // loaded from its state file, not evaluated
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.state'))).toHaveLength(2);

    const restarted = make(cacheDir);
    const afterRestart = await firstTurn(restarted, 'casual', 'how are you', 's5');
    expect(afterRestart.evaluated).toBeLessThan(own + 16);
  });

  it('without a cache folder every agent switch evaluates the whole prompt (the baseline)', async () => {
    const provider = make(undefined);
    await firstTurn(provider, 'coder', 'write hello.py', 'a');
    await firstTurn(provider, 'casual', 'hello there', 'b');
    const back = await firstTurn(provider, 'coder', 'run the tests', 'c');
    const systemTokens = await provider.countTokens(systemOf('coder'));
    // Only the few tokens both prompts start with ("You are the c…") are reused.
    expect(back.evaluated).toBeGreaterThan(back.prompt - 20);
    expect(back.evaluated).toBeGreaterThan(systemTokens);
  });
});
