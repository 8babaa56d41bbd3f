// Two readers checked a file's type on its path, then opened it with a blocking open: a block that
// swaps a named pipe in between (it runs beside the app, in the same workspace) made the open wait
// for a writer forever, holding one of libuv's four file-system threads. file_finder's ranged read
// and search (fileRanges.ts) and the large-input reader (inputFiles.ts) now open first (O_NONBLOCK,
// O_NOFOLLOW), then check the descriptor. A real swapper process renames a regular file and a
// FIFO over the same name as fast as it can while the readers read it, many times each.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grepFile, readRange } from '../../src-main/node/tools/fileRanges.js';
import { createInputFiles } from '../../src-main/node/workspace/inputFiles.js';

let dir: string;
let ws: string;
let swapper: ChildProcess;

// Each FIFO is kept under a second name too, so that the cleanup can release a reader stuck on one.
const SWAP = `
import os, sys
ws, keep = sys.argv[1], sys.argv[2]
i = 0
while True:
    with open(os.path.join(ws, ".reg"), "w") as f: f.write("alpha\\nbeta needle\\ngamma\\n")
    os.rename(os.path.join(ws, ".reg"), os.path.join(ws, "swapped.txt"))
    k = os.path.join(keep, str(i)); i += 1
    os.mkfifo(k); os.link(k, os.path.join(ws, ".fifo"))
    os.rename(os.path.join(ws, ".fifo"), os.path.join(ws, "swapped.txt"))
`;
// Opens each kept FIFO for writing without blocking: one that a reader waits on opens, and closing it ends that read.
const RELEASE = `
import os, sys
for name in os.listdir(sys.argv[1]):
    try: os.close(os.open(os.path.join(sys.argv[1], name), os.O_WRONLY | os.O_NONBLOCK))
    except OSError: pass
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-fifo-race-'));
  ws = join(dir, 'ws');
  mkdirSync(ws);
  mkdirSync(join(dir, 'keep'));
  writeFileSync(join(ws, 'swapped.txt'), 'alpha\nbeta needle\ngamma\n');
  swapper = spawn('python3', ['-c', SWAP, ws, join(dir, 'keep')], { stdio: 'ignore' });
});
afterAll(async () => {
  swapper.kill('SIGKILL');
  await new Promise<void>((resolve) => spawn('python3', ['-c', RELEASE, join(dir, 'keep')], { stdio: 'ignore' }).once('exit', () => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const ROUNDS = 300;
/**
 * Runs `read` ROUNDS times, and on until `sawFile()` (a read that met the regular file) or 30 s: on a
 * loaded machine the swapper may not get the CPU during a quick burst of reads. A read still pending
 * after 5 s is one stuck on a pipe.
 */
async function neverStuck(read: () => Promise<unknown>, sawFile: () => boolean): Promise<{ stuck: number; done: number }> {
  let stuck = 0;
  let done = 0;
  const end = Date.now() + 30_000;
  for (let i = 0; stuck === 0 && (i < ROUNDS || (!sawFile() && Date.now() < end)); i++) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), 5_000)));
    const outcome = await Promise.race([
      read().then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === 'stuck') stuck++;
    else done++;
    // Let the swapper run between reads.
    if (i % 20 === 19) await new Promise((r) => setTimeout(r, 1));
  }
  return { stuck, done };
}

describe('readers open first, then check the descriptor', () => {
  it('file_finder ranged reads and searches never block on a FIFO swapped in', { timeout: 60_000 }, async () => {
    let read = 0;
    const result = await neverStuck(
      async () => {
        const out = await readRange(ws, 'swapped.txt', { kind: 'lines', from: 2, to: 2 }, 10_000, []);
        if (out.status === 'ok') read++;
        await grepFile(ws, 'swapped.txt', 'needle', 10_000, []);
      },
      () => read > 0,
    );
    expect(result.stuck).toBe(0);
    expect(result.done).toBeGreaterThanOrEqual(ROUNDS);
    // The file was read while it was one (the race ran both ways).
    expect(read).toBeGreaterThan(0);
  });

  it('the large-input reader never blocks on a FIFO swapped in', { timeout: 60_000 }, async () => {
    const files = createInputFiles();
    let texts = 0;
    const result = await neverStuck(
      async () => {
        if ((await files.readText(ws, 'swapped.txt'))?.includes('needle')) texts++;
      },
      () => texts > 0,
    );
    expect(result.stuck).toBe(0);
    expect(result.done).toBeGreaterThanOrEqual(ROUNDS);
    expect(texts).toBeGreaterThan(0);
  });
});
