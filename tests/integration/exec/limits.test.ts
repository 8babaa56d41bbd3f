// Nothing outlives its block; time limits, cancellation and the output cap hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSandbox, runInPty } from '../../../src-main/node/exec/index.js';
import { block, context, processesMatching, tempWorkspace, toolFor } from './setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  ws = await tempWorkspace();
});
afterAll(async () => ws.dispose());

// Distinctive durations make the stray processes findable in /proc.
const spawnChildren = (tag: string) =>
  `sleep 4${tag}1.5 &\nnohup sleep 4${tag}2.5 >/dev/null 2>&1 &\nsetsid sleep 4${tag}3.5 &\n(setsid nohup sleep 4${tag}4.5 >/dev/null 2>&1 &)\n`;
const survivors = (tag: string) => Promise.all([1, 2, 3, 4].map((n) => processesMatching(`sleep\u00004${tag}${n}.5`))).then((l) => l.flat());

describe('process tree', () => {
  it('kills backgrounded, nohup and setsid children when the block exits (sandboxed)', async () => {
    const result = await (await toolFor('bash')).run(block('bash', `${spawnChildren('11')}echo started`), context(ws.dir));
    expect(result).toMatchObject({ status: 'ok', output: 'started\n' });
    // The kernel kills the rest of the block's PID namespace when its first process ends; a child
    // can still be in its last moments when the block is reported (seen once in a loaded CI run),
    // so this allows a short while for it to go, and fails on any process that stays.
    await expect.poll(() => survivors('11'), { timeout: 5_000 }).toEqual([]);
  });

  it('kills the whole tree on timeout and reports status timeout', async () => {
    const started = performance.now();
    const result = await (await toolFor('bash')).run(block('bash', `${spawnChildren('22')}sleep 60`), context(ws.dir, { timeoutMs: 1500 }));
    expect(result).toMatchObject({ status: 'timeout', exitCode: null, feedback: expect.stringMatching(/time limit/) });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await survivors('22')).toEqual([]);
  });

  it('kills the whole tree on cancel and reports status cancelled', async () => {
    const controller = new AbortController();
    const ctx = context(ws.dir, { signal: controller.signal });
    const pending = (await toolFor('bash')).run(block('bash', `${spawnChildren('33')}echo ready; sleep 60`), ctx);
    const deadline = Date.now() + 20_000;
    while (!ctx.streamed.join('').includes('ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect(await pending).toMatchObject({ status: 'cancelled' });
    expect(await survivors('33')).toEqual([]);
  });

  it('honours a Stop that comes before the block has started (while its pids cgroup is made, as root)', async () => {
    const sandbox = await detectSandbox();
    const controller = new AbortController();
    const started = performance.now();
    // runInPty runs synchronously up to its first await (the cgroup, where there is one): the abort lands there.
    const pending = runInPty({
      file: 'sleep',
      args: ['30'],
      cwd: ws.dir,
      sandbox,
      sandboxSpec: { writable: [], network: false },
      timeoutMs: 20_000,
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toMatchObject({ cancelled: true, timedOut: false, exitCode: null });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('kills setsid and nohup children without a sandbox too (marker sweep)', async () => {
    const sandbox = await detectSandbox();
    const result = await runInPty({
      file: 'bash',
      args: ['-c', `${spawnChildren('44')}echo bare`],
      cwd: ws.dir,
      sandbox: { ...sandbox, kind: 'none', available: false },
      sandboxSpec: { writable: [], network: true },
      timeoutMs: 20_000,
      signal: new AbortController().signal,
    });
    expect(result.exitCode).toBe(0);
    expect(await survivors('44')).toEqual([]);
  });
});

describe('limits', () => {
  it('applies the compile limit separately from the run limit', async () => {
    const tool = await toolFor('c', { compileTimeoutMs: 1 });
    const result = await tool.run(block('c', 'int main(void){return 0;}'), context(ws.dir));
    expect(result).toMatchObject({ status: 'timeout', feedback: expect.stringMatching(/compilation ran past/) });
  });

  it('keeps about the cap of a large output, drops the rest with a note, and keeps the end', async () => {
    const tool = await toolFor('python', { outputCap: 64 * 1024 });
    const code = 'for i in range(10000):\n    print(f"line {i:06d} " + "x" * 20)\nprint("THE END")';
    const ctx = context(ws.dir);
    const result = await tool.run(block('python', code), ctx);
    expect(result.status).toBe('ok');
    expect(result.output.length).toBeLessThan(70 * 1024);
    expect(result.output).toMatch(/characters of output dropped/);
    expect(result.output).toMatch(/^line 000000/);
    expect(result.output).toMatch(/THE END\n$/);
    expect(ctx.streamed.join('').length).toBeLessThan(70 * 1024);
  });

  it('kills a program that floods its output', async () => {
    const tool = await toolFor('python', { outputCap: 16 * 1024 });
    const result = await tool.run(block('python', 'while True:\n    print("y" * 1000)'), context(ws.dir, { timeoutMs: 60_000 }));
    expect(result).toMatchObject({ status: 'failed', feedback: expect.stringMatching(/too much output/) });
    expect(result.durationMs).toBeLessThan(30_000);
  });
});
