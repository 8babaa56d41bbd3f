// The README promises a drop never replaces what is in the workspace, yet `workspace.import`
// overwrote an existing file, and for a name taken by a link or a folder inside the workspace it
// said the file was "outside the workspace". Through the real contract handler: an import keeps
// every existing file, folder and link as it was and saves beside it under a free name.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src-main/app/index.js';
import { silentLogger } from '../../src-main/node/logger.js';

let dir: string;
let ws: string;
let app: App;
const ctx = { clientId: 'test' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-import-'));
  ws = join(dir, 'ws');
  mkdirSync(join(ws, 'report.txt.d'), { recursive: true });
  mkdirSync(join(ws, 'data'));
  writeFileSync(join(ws, 'report.txt'), 'my report, hours of work');
  writeFileSync(join(ws, 'inside.txt'), 'inside');
  symlinkSync('inside.txt', join(ws, 'alias.txt'));
  const replayFile = join(dir, 'replay.json');
  writeFileSync(replayFile, JSON.stringify({ responses: [] }));
  app = await createApp({ host: 'cli', dataDir: join(dir, 'data-dir'), replayFile, settings: { workspace: ws }, askUser: async () => false, logger: silentLogger });
});
afterAll(async () => {
  await app.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('workspace.import never overwrites', () => {
  it('an existing file is kept; the drop is saved as "name (2)", then "name (3)"', async () => {
    expect(await app.handlers['workspace.import']({ files: [{ name: 'report.txt', dataBase64: b64('dropped v1') }] }, ctx)).toEqual({ saved: ['report (2).txt'] });
    expect(await app.handlers['workspace.import']({ files: [{ name: 'report.txt', dataBase64: b64('dropped v2') }] }, ctx)).toEqual({ saved: ['report (3).txt'] });
    expect(readFileSync(join(ws, 'report.txt'), 'utf8')).toBe('my report, hours of work');
    expect(readFileSync(join(ws, 'report (2).txt'), 'utf8')).toBe('dropped v1');
    expect(readFileSync(join(ws, 'report (3).txt'), 'utf8')).toBe('dropped v2');
  });

  it('a name taken by a link or a folder inside the workspace is not an error "outside the workspace"', async () => {
    const out = await app.handlers['workspace.import'](
      {
        files: [
          { name: 'alias.txt', dataBase64: b64('dropped') },
          { name: 'data', dataBase64: b64('dropped') },
        ],
      },
      ctx,
    );
    expect(out).toEqual({ saved: ['alias (2).txt', 'data (2)'] });
    expect(lstatSync(join(ws, 'alias.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(ws, 'alias.txt'))).toBe('inside.txt');
    expect(readFileSync(join(ws, 'inside.txt'), 'utf8')).toBe('inside');
    expect(lstatSync(join(ws, 'data')).isDirectory()).toBe(true);
  });

  it('a bad name is refused saying what is wrong with it', async () => {
    await expect(app.handlers['workspace.import']({ files: [{ name: '..', dataBase64: b64('x') }] }, ctx)).rejects.toThrow(/Bad file name/);
  });
});
