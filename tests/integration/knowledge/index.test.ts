// The workspace index on a real libsql file: full-text search finds exactly the passage that holds
// a word, and the index follows the workspace as files appear, change, move and go (through the
// inotify watch, and by full scans where there is none), across a restart, with untrusted marks
// and exclusions honoured.
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KnowledgeService } from '../../../src-main/node/knowledge/service.js';
import { createLogger } from '../../../src-main/node/logger.js';

const logger = createLogger({ level: 'error' });
const services: KnowledgeService[] = [];

function workspace(files: Record<string, string>): { root: string; dataDir: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'knowledge-index-')));
  const root = join(base, 'ws');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  mkdirSync(root, { recursive: true });
  return { root, dataDir: join(base, 'data') };
}

function service(dataDir: string, options: Partial<ConstructorParameters<typeof KnowledgeService>[0]> = {}): KnowledgeService {
  const s = new KnowledgeService({ dataDir, logger, ...options });
  services.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

/** Words no other file of the corpus holds: `zq` + the number with its digits as letters (0 → a). */
const unique = (i: number) => `zq${String(i).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}word`;

describe('knowledge index', () => {
  it('finds exactly the passage holding a word, across a generated corpus', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) {
      const lines = Array.from({ length: 30 }, (_, n) => `Line ${n + 1} of note ${i} about gardening and the weather.`);
      lines[7 + (i % 20)] = `The key word here is ${unique(i)} indeed.`;
      files[`notes/${i % 10}/note-${i}.txt`] = lines.join('\n');
    }
    const { root, dataDir } = workspace(files);
    const knowledge = service(dataDir, { watch: false });
    for (const i of [0, 17, 123, 299]) {
      const [hit, ...rest] = await knowledge.searchWorkspace(root, unique(i), { refresh: true });
      expect(hit).toMatchObject({ path: `notes/${i % 10}/note-${i}.txt`, page: null, untrusted: false });
      expect(hit!.lines[0]).toBeLessThanOrEqual(8 + (i % 20));
      expect(hit!.lines[1]).toBeGreaterThanOrEqual(8 + (i % 20));
      expect(hit!.text).toContain(unique(i));
      expect(rest).toEqual([]);
    }
    const progress = await knowledge.progress(root);
    expect(progress).toMatchObject({ files: 300, pending: 0, embedded: 0, state: 'idle' });
    // Query syntax typed by a person is words, not FTS5 operators.
    expect((await knowledge.searchWorkspace(root, `"${unique(5)}" AND -NOT*`))[0]?.path).toBe('notes/5/note-5.txt');
    await expect(knowledge.searchWorkspace(root, '   ')).rejects.toThrow(/needs words/);
  });

  it('follows appear, change, delete and rename, and survives a restart', async () => {
    const { root, dataDir } = workspace({ 'a.md': '# Plans\nVisit Lisbon in spring', 'b.txt': 'plumber invoice march' });
    let knowledge = service(dataDir, { watch: false });
    expect((await knowledge.searchWorkspace(root, 'Lisbon', { refresh: true })).map((h) => h.path)).toEqual(['a.md']);

    writeFileSync(join(root, 'a.md'), '# Plans\nVisit Porto in summer');
    writeFileSync(join(root, 'c.txt'), 'another Lisbon note');
    renameSync(join(root, 'b.txt'), join(root, 'invoices.txt'));
    expect((await knowledge.searchWorkspace(root, 'Lisbon', { refresh: true })).map((h) => h.path)).toEqual(['c.txt']);
    expect((await knowledge.searchWorkspace(root, 'Porto')).map((h) => h.path)).toEqual(['a.md']);
    expect((await knowledge.searchWorkspace(root, 'plumber')).map((h) => h.path)).toEqual(['invoices.txt']);

    rmSync(join(root, 'c.txt'));
    expect(await knowledge.searchWorkspace(root, 'Lisbon', { refresh: true })).toEqual([]);

    await knowledge.close();
    // A new process: the index file is still there, and what changed meanwhile is picked up.
    writeFileSync(join(root, 'd.txt'), 'termination clause thirty days');
    knowledge = service(dataDir, { watch: false });
    expect((await knowledge.searchWorkspace(root, 'plumber', { refresh: true })).map((h) => h.path)).toEqual(['invoices.txt']);
    expect((await knowledge.searchWorkspace(root, 'termination')).map((h) => h.path)).toEqual(['d.txt']);
    expect((await knowledge.progress(root)).files).toBe(3);
  });

  it.runIf(process.platform === 'linux')('indexes changes the watch reports, with no full scan', async () => {
    const { root, dataDir } = workspace({ 'docs/a.txt': 'alpha text' });
    const knowledge = service(dataDir, { pollMs: 50, fullScanMs: 3_600_000 });
    await knowledge.searchWorkspace(root, 'alpha', { refresh: true });
    writeFileSync(join(root, 'docs/b.txt'), 'bravo text');
    mkdirSync(join(root, 'docs/new'));
    writeFileSync(join(root, 'docs/new/c.txt'), 'charlie text');
    renameSync(join(root, 'docs/a.txt'), join(root, 'docs/new/a2.txt'));
    const paths = async (q: string) => (await knowledge.searchWorkspace(root, q)).map((h) => h.path);
    await expect.poll(() => paths('bravo charlie alpha'), { timeout: 10_000 }).toEqual(expect.arrayContaining(['docs/b.txt', 'docs/new/c.txt', 'docs/new/a2.txt']));
    expect(await paths('alpha')).toEqual(['docs/new/a2.txt']);
  });

  it('leaves out .git, dependency folders, binaries and user exclusions; marks untrusted passages', async () => {
    const { root, dataDir } = workspace({
      '.git/HEAD': 'needle in git',
      'node_modules/x/index.js': 'needle in deps',
      'drafts/secret.md': 'needle in drafts',
      'private/diary.md': 'needle in the diary',
      '.agenticignore': '# mine\nprivate\n',
      'keep/notes.md': 'needle kept',
      'keep/download.txt': 'needle from a stranger',
      'image.png': 'needle in a png name',
    });
    const marks = [join(root, 'keep/download.txt')];
    const knowledge = service(dataDir, { watch: false, excludes: () => ['drafts'], untrustedMarks: () => marks });
    const hits = await knowledge.searchWorkspace(root, 'needle', { refresh: true });
    expect(hits.map((h) => [h.path, h.untrusted]).sort()).toEqual([
      ['keep/download.txt', true],
      ['keep/notes.md', false],
    ]);
    // Unmarking is noticed by the next scan without reading the file again.
    marks.length = 0;
    const after = await knowledge.searchWorkspace(root, 'stranger', { refresh: true });
    expect(after[0]).toMatchObject({ path: 'keep/download.txt', untrusted: false });
  });

  it('pauses and resumes', async () => {
    const { root, dataDir } = workspace({ 'a.txt': 'paused words' });
    const knowledge = service(dataDir, { watch: false });
    expect((await knowledge.setPaused(root, true)).state).toBe('paused');
    const index = await knowledge.index(root);
    await index.refresh(); // returns at once while paused
    expect(await knowledge.searchWorkspace(root, 'paused')).toEqual([]);
    expect((await knowledge.setPaused(root, false)).state).not.toBe('paused');
    expect((await knowledge.searchWorkspace(root, 'paused', { refresh: true })).map((h) => h.path)).toEqual(['a.txt']);
  });
});
