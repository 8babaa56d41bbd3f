// Files and folders dropped from the OS, copied into the workspace with real files. Prevents: a
// dropped project's link to ~/.ssh bringing keys into the workspace, a huge folder filling the disk
// half-way, a drop overwriting the user's work, and the workspace copied into itself.
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import { AppError } from '../../../src-main/common/errors.js';
import type { AppEvent } from '../../../src-main/common/events.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { copyIntoWorkspace, type CopyProgress } from '../../../src-main/node/workspace/copyIn.js';

let base: string;
let workspace: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'agentic-drop-'));
  workspace = join(base, 'workspace');
  outside = join(base, 'home');
  mkdirSync(workspace);
  mkdirSync(join(outside, '.ssh'), { recursive: true });
  writeFileSync(join(outside, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function project(): string {
  const dir = join(base, 'drops', 'project');
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
  writeFileSync(join(dir, 'README.md'), '# project\n');
  writeFileSync(join(dir, 'src', 'main.py'), 'print("hi")\n');
  writeFileSync(join(dir, 'src', 'deep', 'data.bin'), Buffer.alloc(300_000, 7));
  symlinkSync('src/main.py', join(dir, 'run.py'));
  symlinkSync(join(dir, 'README.md'), join(dir, 'readme-abs'));
  symlinkSync(join(outside, '.ssh'), join(dir, 'keys'));
  symlinkSync('../../../home/.ssh/id_ed25519', join(dir, 'src', 'key'));
  return dir;
}

describe('dropping files and folders into the workspace', () => {
  it('copies a folder recursively, with progress, links inside kept as links and links out skipped', async () => {
    const progress: CopyProgress[] = [];
    const result = await copyIntoWorkspace(workspace, [project()], { onProgress: (p) => progress.push(p) });
    expect(result.saved).toEqual(['project']);
    const copy = join(workspace, 'project');
    expect(readFileSync(join(copy, 'src', 'main.py'), 'utf8')).toBe('print("hi")\n');
    expect(readFileSync(join(copy, 'src', 'deep', 'data.bin')).equals(Buffer.alloc(300_000, 7))).toBe(true);
    // Inside links are recreated as relative links, and never as copies of what they point to.
    expect(lstatSync(join(copy, 'run.py')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(copy, 'run.py'))).toBe(join('src', 'main.py'));
    expect(readlinkSync(join(copy, 'readme-abs'))).toBe('README.md');
    // Links out are not there at all, and say why.
    expect(readdirSync(copy).sort()).toEqual(['README.md', 'readme-abs', 'run.py', 'src']);
    expect(readdirSync(join(copy, 'src')).sort()).toEqual(['deep', 'main.py']);
    expect(result.skipped.map((s) => s.reason)).toEqual(['a link pointing outside the dropped folder', 'a link pointing outside the dropped folder']);
    expect(JSON.stringify(readdirSync(workspace, { recursive: true }))).not.toContain('id_ed25519');
    expect(progress.at(-1)).toMatchObject({ copiedFiles: 3, totalFiles: 3, copiedBytes: 300_000 + 10 + 12, totalBytes: 300_000 + 10 + 12 });
    expect(progress.map((p) => p.copiedBytes)).toEqual([...progress.map((p) => p.copiedBytes)].sort((a, b) => a - b));
    expect(result.bytes).toBe(300_022);
  });

  it('copies single files, and never overwrites what the workspace has', async () => {
    const file = join(base, 'notes.txt');
    writeFileSync(file, 'new notes');
    writeFileSync(join(workspace, 'notes.txt'), 'my old notes');
    const first = await copyIntoWorkspace(workspace, [file]);
    const second = await copyIntoWorkspace(workspace, [file]);
    expect([first.saved, second.saved]).toEqual([['notes (2).txt'], ['notes (3).txt']]);
    expect(readFileSync(join(workspace, 'notes.txt'), 'utf8')).toBe('my old notes');
    expect(readFileSync(join(workspace, 'notes (3).txt'), 'utf8')).toBe('new notes');
  });

  it('refuses a drop over the size or file-count limit as a whole: nothing is copied', async () => {
    const dir = project();
    const small = join(base, 'small.txt');
    writeFileSync(small, 'small');
    await expect(copyIntoWorkspace(workspace, [small, dir], { limits: { maxBytes: 200_000, maxFiles: 100 } })).rejects.toThrow(/Too much at once.*Nothing was copied/);
    await expect(copyIntoWorkspace(workspace, [small, dir], { limits: { maxBytes: 10_000_000, maxFiles: 2 } })).rejects.toThrow(/Too many files at once: 4/);
    expect(readdirSync(workspace)).toEqual([]);
  });

  it('skips a dropped link itself and what is not a file or folder; refuses relative paths and the workspace itself', async () => {
    symlinkSync(join(outside, '.ssh'), join(base, 'ssh-link'));
    const result = await copyIntoWorkspace(workspace, [join(base, 'ssh-link'), join(base, 'missing')]);
    expect(result.saved).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['a link: drop the file or folder itself', 'not found']);
    await expect(copyIntoWorkspace(workspace, ['relative/path'])).rejects.toBeInstanceOf(AppError);
    await expect(copyIntoWorkspace(workspace, [base])).rejects.toThrow(/contains the workspace itself/);
    expect(readdirSync(workspace)).toEqual([]);
  });

  it('stops when cancelled and removes its own partial copy', async () => {
    const controller = new AbortController();
    const dir = project();
    const copying = copyIntoWorkspace(workspace, [dir], { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(copying).rejects.toThrow();
    expect(readdirSync(workspace)).toEqual([]);
  });
});

describe('workspace.importDropped through the app', () => {
  it('copies the last drop once, with progress events ending in done, and refuses outside the desktop app', async () => {
    const dir = project();
    let drops = [[dir]];
    const app = await createApp({ host: 'electron', dataDir: join(base, 'data'), logger: silentLogger, settings: { workspace }, droppedPaths: async () => drops.shift() ?? [] });
    const events: AppEvent[] = [];
    const unsubscribe = app.subscribe((e) => events.push(e));
    try {
      const ctx = { clientId: 'window-1' };
      expect(await app.handlers['workspace.importDropped']({}, ctx)).toMatchObject({ saved: ['project'] });
      expect(readFileSync(join(workspace, 'project', 'src', 'main.py'), 'utf8')).toBe('print("hi")\n');
      const progress = events.filter((e) => e.type === 'workspace.importProgress');
      expect(progress.at(-1)).toMatchObject({ done: true, copiedFiles: 3, totalFiles: 3 });
      // The drop is used up: asking again copies nothing.
      expect(await app.handlers['workspace.importDropped']({}, ctx)).toEqual({ saved: [], skipped: [] });
      drops = [];
    } finally {
      unsubscribe();
      await app.dispose();
    }
    const web = await createApp({ host: 'web', dataDir: join(base, 'data-web'), logger: silentLogger });
    try {
      await expect(web.handlers['workspace.importDropped']({}, { clientId: 'ws-1' })).rejects.toThrow(/desktop app/);
    } finally {
      await web.dispose();
    }
  });
});
