// Limits on the whole block (issue 26): memory was limited per process only (RLIMIT_DATA), so shared
// memory (an anonymous MAP_SHARED mapping, memfd, several processes) held far more than the limit;
// a compiled program could fill the host's temp folder through its writable build folder; and stty
// settings left by a block made the finished block run to its time limit. Now a memory cgroup per
// block holds every page of it (where one can be made: as root here and in CI), the program gets its
// build folder read-only, and the terminal is reset after each block. The controls run the same
// blocks without the memory cgroup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, detectSandbox, type SandboxInfo, type SandboxLimits } from '../../src-main/node/exec/index.js';
import { block, context, tempWorkspace } from '../integration/exec/setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
const sandbox: SandboxInfo = await detectSandbox();
beforeAll(async () => {
  ws = await tempWorkspace('whole-block-');
});
afterAll(async () => ws.dispose());

const limits: SandboxLimits = { processes: 64, memoryMiB: 256, tmpMiB: 16 };
const tool = async (info: SandboxInfo, tag: string) => (await createCodeTools({ sandbox: info, limits, network: false })).tools.find((t) => t.definition.tag === tag)!;

// 512 MiB of shared anonymous memory, touched page by page: RLIMIT_DATA does not count it.
const SHARED = `
import mmap
size = 512 * 1024 * 1024
m = mmap.mmap(-1, size)
for i in range(0, size, 4096):
    m[i] = 1
print("HELD", size // 1048576, "MiB")
`;

describe.skipIf(process.platform !== 'linux')('one budget for the whole block', () => {
  it('control: with the per-process limit only, a block holds shared memory far beyond it', async () => {
    const result = await (await tool({ ...sandbox, memoryCgroup: null }, 'python')).run(block('python', SHARED), context(ws.dir));
    expect(result.output).toContain('HELD 512 MiB');
  });

  it.skipIf(!sandbox.memoryCgroup)('a memory cgroup stops the block at its memory budget, shared memory included', async () => {
    const result = await (await tool(sandbox, 'python')).run(block('python', SHARED), context(ws.dir));
    expect(result.output).not.toContain('HELD');
    expect(result.status).toBe('failed');
  });

  it('the program gets its build folder read-only: what it writes goes to its bounded /tmp', async () => {
    const code = `#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <libgen.h>
int main(void) {
  char exe[4096]; ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1); exe[n] = 0;
  char junk[4200]; snprintf(junk, sizeof junk, "%s/junk", dirname(exe));
  FILE *f = fopen(junk, "w"); printf("BUILD %s\\n", f ? "writable" : strerror(errno));
  f = fopen("/tmp/junk", "w"); char buf[65536] = {0}; size_t total = 0;
  while (f && fwrite(buf, 1, sizeof buf, f) == sizeof buf && total < (64u << 20)) total += sizeof buf;
  if (f && fflush(f) != 0) printf("TMP %s\\n", strerror(errno)); else printf("TMP wrote %zu\\n", total);
  return 0;
}`;
    const result = await (await tool(sandbox, 'c')).run(block('c', code), context(ws.dir));
    expect(result.output).toMatch(/BUILD Read-only file system/);
    expect(result.output).toMatch(/TMP No space left on device|TMP wrote (\d{1,8})\b/);
    expect(result.output).not.toContain('TMP wrote 67108864');
  });

  it('a block that leaves odd terminal settings still ends at once', async () => {
    const bash = await tool(sandbox, 'bash');
    const result = await bash.run(block('bash', 'stty inlcr -icanon -echo; echo set'), context(ws.dir, { timeoutMs: 8_000 }));
    expect(result.status).toBe('ok');
    expect(result.output).toContain('set');
  });
});
