// Per-block limits: processes (RLIMIT_NPROC; a pids cgroup as root, where uid 0 is exempt from the
// rlimit), private memory per process (RLIMIT_DATA), and the sizes of the private /tmp and /dev/shm.
// Limits are read at each block, so a settings change applies to the next one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeTools, context, block, tempWorkspace } from '../integration/exec/setup.js';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { detectSandbox, type SandboxLimits } from '../../src-main/node/exec/index.js';
import { blockCgroup, detectPidsCgroup } from '../../src-main/node/exec/pidsCgroup.js';

// As root the process limit needs a pids cgroup the app can make; where there is none (a cgroup v2
// host without delegation), `agentic sandbox --explain` says the limit is not enforced.
const sandbox = await detectSandbox();
const processLimitEnforced = process.getuid?.() !== 0 || !!sandbox.pidsCgroup;

let ws: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  ws = await tempWorkspace('limits-');
});
afterAll(async () => ws.dispose());

let limits: SandboxLimits = { processes: 40, memoryMiB: 256, tmpMiB: 8 };
const tool = async (tag: string) => (await codeTools({ limits: () => limits })).tools.find((t) => t.definition.tag === tag)!;

describe('per-block limits', () => {
  it.skipIf(!processLimitEnforced)('stops a fork flood at the process limit', async () => {
    const code =
      'import subprocess\nstarted, refused = [], 0\nfor i in range(120):\n    try:\n        started.append(subprocess.Popen(["sleep", "5"]))\n    except OSError:\n        refused += 1\nprint(len(started), refused)';
    const result = await (await tool('python')).run(block('python', code), context(ws.dir));
    const [started, refused] = result.output.trim().split(' ').map(Number);
    expect(started).toBeGreaterThan(5);
    expect(started).toBeLessThan(40);
    expect(refused).toBe(120 - started!);
  });

  it('refuses memory beyond the per-process limit', async () => {
    const code = 'try:\n    b = bytearray(600 * 1024 * 1024)\n    print("ALLOCATED", len(b))\nexcept MemoryError:\n    print("MemoryError")';
    const result = await (await tool('python')).run(block('python', code), context(ws.dir));
    expect(result.output).toBe('MemoryError\n');
  });

  it('bounds the private /tmp and /dev/shm', async () => {
    const result = await (
      await tool('bash')
    ).run(block('bash', 'head -c 20M /dev/zero > /tmp/big; echo "tmp=$?"; head -c 20M /dev/zero > /dev/shm/big; echo "shm=$?"; df -m /tmp | tail -1'), context(ws.dir));
    expect(result.output).toMatch(/No space left on device/);
    expect(result.output).toMatch(/tmp=1/);
    expect(result.output).toMatch(/shm=1/);
  });

  it('applies a changed limit to the next block', async () => {
    const python = await tool('python');
    const code = 'b = bytearray(300 * 1024 * 1024)\nprint("ok", len(b) // 1048576)';
    expect((await python.run(block('python', code), context(ws.dir))).status).toBe('failed');
    limits = { ...limits, memoryMiB: 1024 };
    expect(await python.run(block('python', code), context(ws.dir))).toMatchObject({ status: 'ok', output: 'ok 300\n' });
  });

  it.skipIf(!sandbox.pidsCgroup)('leaves the cgroups of a running app alone when another app starts (they may not be entered yet)', async () => {
    const cgroup = (await blockCgroup(sandbox.pidsCgroup!, 'race-check', 10))!;
    try {
      await detectPidsCgroup();
      expect(existsSync(dirname(cgroup.procs))).toBe(true);
    } finally {
      await cgroup.dispose();
    }
    expect(existsSync(dirname(cgroup.procs))).toBe(false);
  });
});
