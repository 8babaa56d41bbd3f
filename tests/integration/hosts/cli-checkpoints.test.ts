// The CLI contract of `agentic changes` and `agentic undo` / `redo`, on the real CLI process:
// exit 0 done, 1 the restore cannot be done (reason on stderr), 2 unknown session or turn.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import { appPaths, desktopDataDir } from '../../../src-main/app/paths.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-cp-'));
const ws = join(home, 'ws');
afterAll(() => rmSync(home, { recursive: true, force: true }));
const replay = (name: string, responses: string[]) => {
  const file = join(home, name);
  writeFileSync(file, JSON.stringify({ responses }));
  return file;
};
const oneLine = (stderr: string) => expect(stderr.trim().split('\n')).toHaveLength(1);

describe('agentic changes / undo / redo', () => {
  it('lists a turn’s changes, undoes the last turn by default, refuses an older one with a conflict, redoes', { timeout: 300_000 }, async () => {
    const r1 = await runCli(['run', 'write v1', '--agent', 'coder', '--yes', '--workspace', ws, '--replay', replay('1.json', ['```bash\necho v1 > f.txt\n```']), '--json'], {
      home,
    });
    expect(r1.code).toBe(0);
    const session = r1.lines[0]!.sessionId as string;
    const r2 = await runCli(
      [
        'run',
        'write v2',
        '--agent',
        'coder',
        '--yes',
        '--workspace',
        ws,
        '--session',
        session,
        '--replay',
        replay('2.json', ['```bash\necho v2 > f.txt && mkdir d && echo y > d/y.txt\n```']),
        '--json',
      ],
      { home },
    );
    expect(r2.code).toBe(0);

    const last = await runCli(['changes', '--json'], { home });
    expect(last.code).toBe(0);
    const changed = JSON.parse(last.stdout) as { turn: number; sessionId: string; filesChanged: number; changes: { path: string; kind: string }[] };
    expect(changed).toMatchObject({ turn: 2, sessionId: session, filesChanged: 2 });
    expect(changed.changes.map((c) => [c.path, c.kind])).toEqual([
      ['d', 'created'],
      ['d/y.txt', 'created'],
      ['f.txt', 'modified'],
    ]);
    const first = await runCli(['changes', '--session', session, '--turn', '1'], { home });
    expect(first.stdout).toMatch(/Turn 1 .*: 1 file changed/);
    expect(first.stdout).toMatch(/created\s+f\.txt/);

    for (const args of [
      ['changes', '--session', 'no-such-session'],
      ['undo', '--session', 'no-such-session'],
      ['changes', '--turn', '9'],
      ['undo', '--turn', 'zzz'],
    ]) {
      const r = await runCli(args, { home });
      expect(r.code, args.join(' ')).toBe(2);
      oneLine(r.stderr);
    }

    const older = await runCli(['undo', '--turn', '1'], { home });
    expect(older.code).toBe(1);
    oneLine(older.stderr);
    expect(older.stderr).toMatch(/cannot undo turn 1: f\.txt was changed again by a later turn.*--cascade/);
    expect(readFileSync(join(ws, 'f.txt'), 'utf8')).toBe('v2\n');

    const undo2 = await runCli(['undo', '--json'], { home });
    expect(undo2.code).toBe(0);
    expect(JSON.parse(undo2.stdout)).toMatchObject({ done: true, restored: 3 });
    expect(readFileSync(join(ws, 'f.txt'), 'utf8')).toBe('v1\n');
    expect(existsSync(join(ws, 'd'))).toBe(false);
    const undo1 = await runCli(['undo'], { home });
    expect(undo1.stdout).toMatch(/Undid turn 1: 1 path restored/);
    expect(existsSync(join(ws, 'f.txt'))).toBe(false);
    const nothing = await runCli(['undo'], { home });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/Nothing to undo/);

    const redo = await runCli(['redo'], { home });
    expect(redo.code).toBe(0);
    expect(readFileSync(join(ws, 'f.txt'), 'utf8')).toBe('v1\n');
    const redoAll = await runCli(['redo', '--cascade'], { home });
    expect(redoAll.code).toBe(0);
    expect(readFileSync(join(ws, 'd', 'y.txt'), 'utf8')).toBe('y\n');
  });

  it('with --desktop, works on the desktop app’s sessions and checkpoints (its own data folder)', { timeout: 120_000 }, async () => {
    const xdg = join(home, 'xdg');
    const desktopWs = join(home, 'desktop-ws');
    const app = await createApp({
      host: 'electron',
      paths: appPaths({ host: 'electron', userData: desktopDataDir('linux', { XDG_CONFIG_HOME: xdg }), agenticHome: join(home, 'shared') }),
      replayFile: replay('desktop.json', ['```bash\necho from-desktop > d.txt\n```', 'Done.']),
      settings: { workspace: desktopWs, approval: { mode: 'allow-all' } },
      logger: silentLogger,
    });
    const session = app.store.createSession('desktop').id;
    expect((await app.engine.send(session, 'write d.txt', 'coder').done).status).toBe('done');
    await app.dispose();
    const env = { XDG_CONFIG_HOME: xdg };
    const listed = await runCli(['changes', '--desktop', '--session', session, '--json'], { home, env });
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { changes: { path: string; kind: string }[] }).changes).toEqual([expect.objectContaining({ path: 'd.txt', kind: 'created' })]);
    // Without --desktop the CLI looks in its own folder, where this session does not exist.
    expect((await runCli(['changes', '--session', session], { home, env })).code).toBe(2);
    const undone = await runCli(['undo', '--desktop', '--session', session], { home, env });
    expect(undone.code).toBe(0);
    expect(existsSync(join(desktopWs, 'd.txt'))).toBe(false);
  });
});
