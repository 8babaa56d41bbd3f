// models.testResults over the real app and dispatch: the files `agentic models test` keeps under the
// agentic home, read back per model, newest first; files that are not results are skipped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/index.js';
import { dispatch } from '../../../src-main/common/dispatch.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-test-results-'));
const kept = (model: string, date: string, coderPassed: boolean) => ({
  // The shape modelTest.ts writes: summary fields, then each agent's score.
  date,
  summary: true,
  model,
  score: coderPassed ? 1 : 0.5,
  passed: coderPassed ? 2 : 1,
  of: 2,
  seconds: 31,
  interrupted: false,
  agents: [
    { agent: 'casual', passed: true, score: 1, seconds: 3.2, failed: [] },
    { agent: 'coder', passed: coderPassed, score: coderPassed ? 1 : 0, seconds: 27.8, failed: coderPassed ? [] : ['a block ran successfully'] },
  ],
});

describe('models.testResults', () => {
  let app: App;
  beforeAll(async () => {
    const dir = join(home, 'model-tests');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'llama-tiny.gguf.json'), JSON.stringify(kept('llama-tiny.gguf', '2026-12-01T10:00:00.000Z', false)));
    writeFileSync(join(dir, 'ollama-qwen2.5_7b.json'), JSON.stringify(kept('ollama-qwen2.5_7b', '2026-12-05T10:00:00.000Z', true)));
    writeFileSync(join(dir, 'broken.json'), '{"date": "2026-12-06", "mod');
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ hello: 'world' }));
    app = await createApp({ host: 'cli', dataDir: home, logger: silentLogger, settings: { provider: { kind: 'ollama', model: 'qwen2.5:7b' } } });
  });
  afterAll(async () => {
    await app.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it('returns every kept result newest first and the configured model’s key', async () => {
    const r = await dispatch(app.handlers, 'models.testResults', {}, { clientId: 'c' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const value = r.value as { current: string; results: { model: string; agents: { agent: string; passed: boolean }[] }[] };
    expect(value.current).toBe('ollama-qwen2.5_7b');
    expect(value.results.map((x) => x.model)).toEqual(['ollama-qwen2.5_7b', 'llama-tiny.gguf']);
    expect(value.results[1]!.agents.find((a) => a.agent === 'coder')!.passed).toBe(false);
  });

  it('refuses input it does not take', async () => {
    const r = await dispatch(app.handlers, 'models.testResults', { model: 'x' }, { clientId: 'c' });
    expect(r.ok).toBe(false);
  });
});
