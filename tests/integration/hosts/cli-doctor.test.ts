// `agentic doctor --json` tells the truth about this machine: one JSON object that matches the schema,
// with what this 2-core, GPU-less machine really has (the CPU build in use, no GPU, the real sandbox and
// interpreters), and a measured speed recorded earlier shown with its problem (too slow for an agent).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DoctorReportSchema } from '../../../src-main/common/doctor.js';
import { detectSandbox } from '../../../src-main/node/exec/sandbox.js';
import { runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'doctor-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('agentic doctor', () => {
  it('prints one JSON object with what runs where, and what to do about a slow model', async () => {
    mkdirSync(join(home, 'models'), { recursive: true });
    const slow = join(home, 'models', 'big.gguf');
    writeFileSync(join(home, 'models', 'speeds.json'), JSON.stringify({ [slow]: { generation: 1.2, promptReading: 9, engine: 'cpu', samples: 3, at: new Date().toISOString() } }));
    const r = await runCli(['doctor', '--json'], { home, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = DoctorReportSchema.parse(JSON.parse(lines[0]!));
    expect(report.llama).toMatchObject({ installed: ['cpu'], inUse: 'cpu', available: true, reason: 'No GPU found: the CPU runs the model.' });
    expect(report.gpus).toEqual([]);
    expect(report.whisper).toMatchObject({ available: true, engine: 'cpu', reason: 'No GPU found: the CPU runs speech-to-text.' });
    expect(report.sandbox.available).toBe((await detectSandbox()).available);
    expect(report.interpreters.find((i) => i.language === 'python')?.available).toBe(true);
    expect(report.cpu.memoryBandwidthGBs).toBeGreaterThan(0);
    expect(report.speeds).toEqual([{ model: slow, generation: 1.2, promptReading: 9, engine: 'cpu', samples: 3 }]);
    expect(report.problems).toContainEqual(expect.objectContaining({ severity: 'warning', what: expect.stringContaining('writes about 1 token/s here') }));
  });

  it('prints a readable report without --json', async () => {
    const r = await runCli(['doctor'], { home, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^llama\.cpp {2}builds installed: cpu; in use: cpu$/m);
    expect(r.stdout).toMatch(/^Whisper {4}works on the CPU\n {11}No GPU found: the CPU runs speech-to-text\.$/m);
    expect(r.stdout).toContain('Choose a smaller model');
  });

  it('engines list shows the builds and the order tried; engines use pins one in Settings', async () => {
    const list = JSON.parse((await runCli(['engines', 'list', '--json'], { home })).stdout) as {
      pin: string;
      builds: Array<{ build: string; installed: boolean }>;
      order: string[];
    };
    expect(list.pin).toBe('auto');
    expect(list.builds.find((b) => b.build === 'cpu')?.installed).toBe(true);
    expect(list.order).toEqual(['cpu']);
    expect((await runCli(['engines', 'use', 'vulkan'], { home })).code).toBe(0);
    const pinned = JSON.parse((await runCli(['engines', 'list', '--json'], { home })).stdout) as { pin: string; order: string[]; reasons: string[] };
    // Pinned but not installed here: the choice says so and stays on the CPU.
    expect(pinned).toMatchObject({ pin: 'vulkan', order: ['cpu'] });
    expect(pinned.reasons[0]).toContain('not installed');
    const bad = await runCli(['engines', 'use', 'rocm'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('engines needs');
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')('engines list offers the CUDA download from the lock; rm with nothing there says so', async () => {
    const list = JSON.parse((await runCli(['engines', 'list', '--json'], { home })).stdout) as {
      builds: Array<{ build: string; installed: boolean; download?: { available: boolean; installed: string | null; state: string; parts: number } }>;
    };
    const cuda = list.builds.find((b) => b.build === 'cuda');
    expect(cuda).toMatchObject({ installed: false, download: { available: true, installed: null, state: 'idle', parts: 2 } });
    const rm = await runCli(['engines', 'rm', 'cuda'], { home });
    expect(rm.code).toBe(0);
    expect(rm.stdout).toContain('No CUDA build was installed');
    expect((await runCli(['engines', 'get', 'vulkan'], { home })).code).toBe(2);
  });
});
