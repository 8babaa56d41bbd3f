// A block can leave a named pipe in the workspace, and a model can write any glob. file_finder on a
// named pipe waited forever for a writer; four previews of one held all four of libuv's
// file-system threads, after which no file operation of the process (the web host's page loads
// included) was answered; a glob of many `*` backtracked exponentially. Each must be refused or
// answered at once, and the process must still serve ordinary reads afterwards.
// Real file system (mkfifo), the real file_finder tool and the app's own preview handler.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src-main/app/index.js';
import type { Block, ToolContext } from '../../src-main/core/ports.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { createFileFinderTool } from '../../src-main/node/tools/fileFinder.js';

let dir: string;
let ws: string;
let app: App;
const ctx = { clientId: 'test' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-fifo-'));
  ws = join(dir, 'ws');
  mkdirSync(ws);
  // Node has no mkfifo: the shell's, as a block would run it.
  execFileSync('sh', ['-c', 'mkfifo "$1" "$2"', 'sh', join(ws, 'notes.txt'), join(ws, 'photo.png')]);
  writeFileSync(join(ws, 'real.txt'), 'ordinary text');
  writeFileSync(join(ws, 'a'.repeat(200)), 'x');
  const replayFile = join(dir, 'replay.json');
  writeFileSync(replayFile, JSON.stringify({ responses: [] }));
  app = await createApp({ host: 'cli', dataDir: join(dir, 'data'), replayFile, settings: { workspace: ws }, askUser: async () => false, logger: silentLogger });
});
afterAll(async () => {
  await app.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const toolContext = (): ToolContext => ({ workspace: ws, signal: new AbortController().signal, turnId: 't', blockId: 'b', onOutput: () => {}, timeoutMs: 30_000 });
const finderBlock = (params: Record<string, string>): Block => ({ id: 'b', tag: 'file_finder', code: '', savePath: null, params, start: 0, end: 0 });
const finder = createFileFinderTool();

describe('file tools refuse what is not a file and stay bounded', () => {
  it('file_finder refuses a named pipe, to read and to describe, with a clear reason', async () => {
    const read = await finder.run(finderBlock({ name: 'notes.txt', action: 'read' }), toolContext());
    expect(read.status).toBe('failed');
    expect(read.feedback).toMatch(/notes\.txt is a named pipe, not a file/);
    const info = await finder.run(finderBlock({ name: 'notes.txt', action: 'info' }), toolContext());
    expect(info).toMatchObject({ status: 'ok' });
    expect(info.output).toMatch(/notes\.txt\ta named pipe/);
  });

  it('four previews of named pipes are refused, and the next ordinary read is answered', async () => {
    const previews = ['notes.txt', 'photo.png', 'notes.txt', 'photo.png'].map((path) => app.handlers['workspace.read']({ path }, ctx));
    // Every rejection is handled at once (awaiting them one by one left the later ones unhandled for a moment).
    await Promise.all(previews.map((preview) => expect(preview).rejects.toThrow(/is a named pipe, not a file/)));
    await expect(app.handlers['workspace.read']({ path: 'real.txt' }, ctx)).resolves.toMatchObject({ kind: 'text', text: 'ordinary text' });
    expect((await finder.run(finderBlock({ name: 'real.txt', action: 'read' }), toolContext())).output).toContain('ordinary text');
  });

  it('a glob of many `*` that almost matches is answered (no exponential backtracking)', async () => {
    const result = await finder.run(finderBlock({ name: `${'*a'.repeat(40)}*b`, action: 'list' }), toolContext());
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.feedback).toMatch(/No file matching/);
    const found = await finder.run(finderBlock({ name: `${'*a'.repeat(40)}*`, action: 'list' }), toolContext());
    expect(found.output).toBe('a'.repeat(200));
  });

  it('a 1 MB glob is answered', async () => {
    const result = await finder.run(finderBlock({ name: `${'*a?[a-z]'.repeat(131_072)}`, action: 'list' }), toolContext());
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.feedback).toMatch(/No file matching/);
  });
});
