// file_finder on generated text, PDF and binary files, inside the workspace only.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileFinderTool } from '../../../src-main/node/tools/fileFinder.js';
import { globMatcher } from '../../../src-main/node/tools/globMatch.js';
import { makePdf } from '../../helpers/pdf.js';
import { block, context, tempWorkspace } from './setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
let outside: string;

beforeAll(async () => {
  ws = await tempWorkspace('finder-ws-');
  outside = await mkdtemp(path.join(os.tmpdir(), 'finder-out-'));
  await mkdir(path.join(ws.dir, 'docs', 'deep'), { recursive: true });
  await writeFile(path.join(ws.dir, 'notes.txt'), 'Meeting notes: ship on Friday.\n');
  await writeFile(path.join(ws.dir, 'docs', 'deep', 'plan.md'), '# Plan\nStep one.\n');
  await writeFile(path.join(ws.dir, 'docs', 'big.txt'), 'z'.repeat(5000));
  await writeFile(path.join(ws.dir, 'docs', 'report.pdf'), await makePdf('Quarterly revenue grew 12 percent'));
  await writeFile(path.join(ws.dir, 'image.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3, 0]));
  await writeFile(path.join(outside, 'secret.txt'), 'top secret');
  await symlink(path.join(outside, 'secret.txt'), path.join(ws.dir, 'link-out.txt'));
});
afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
  await ws.dispose();
});

const find = (params: Record<string, string>, maxChars?: number) => createFileFinderTool(maxChars ? { maxChars } : {}).run(block('file_finder', '', null, params), context(ws.dir));

describe('file_finder', () => {
  it('finds a file by name anywhere in the workspace and reads it', async () => {
    const result = await find({ name: 'plan.md', action: 'read' });
    expect(result).toMatchObject({ status: 'ok', output: 'docs/deep/plan.md:\n# Plan\nStep one.\n' });
  });

  it('reads the text of a PDF', async () => {
    const result = await find({ name: 'report.pdf', action: 'read' });
    expect(result.status).toBe('ok');
    expect(result.output).toContain('Quarterly revenue grew 12 percent');
  });

  it('refuses to read a binary file, with a clear message', async () => {
    const result = await find({ name: 'image.bin', action: 'read' });
    expect(result).toMatchObject({ status: 'failed', feedback: expect.stringMatching(/binary file/) });
  });

  it('says clearly when no file matches', async () => {
    expect(await find({ name: 'missing.docx', action: 'read' })).toMatchObject({ status: 'failed', feedback: expect.stringMatching(/No file matching "missing.docx"/) });
  });

  it('keeps reads within the size budget', async () => {
    const result = await find({ name: 'big.txt', action: 'read' }, 1000);
    expect(result.output).toMatch(/4000 more characters not shown/);
    expect(result.output.length).toBeLessThan(1200);
  });

  it('lists glob matches and describes files', async () => {
    expect((await find({ name: '*.txt', action: 'list' })).output.split('\n')).toEqual(['link-out.txt', 'notes.txt', 'docs/big.txt']);
    expect((await find({ name: 'docs/**/*.md', action: 'list' })).output).toBe('docs/deep/plan.md');
    expect((await find({ name: 'report.pdf', action: 'info' })).output).toMatch(/^docs\/report\.pdf\tpdf\t\d+ bytes/);
    expect((await find({ name: 'image.bin' })).output).toMatch(/\tbinary\t12 bytes/);
  });

  it('never reads outside the workspace: .., absolute paths, links out', async () => {
    for (const name of ['../secret.txt', path.join(outside, 'secret.txt'), 'link-out.txt']) {
      const result = await find({ name, action: 'read' });
      expect(result.status, name).toBe('error');
      expect(result.feedback, name).toMatch(/inside the workspace/);
      expect(result.output).not.toContain('top secret');
    }
  });

  it('explains a missing name= parameter and an unknown action', async () => {
    expect((await find({ action: 'read' })).feedback).toMatch(/name=/);
    expect((await find({ name: 'notes.txt', action: 'delete' })).feedback).toMatch(/action=read/);
  });

  it('matches globs by their own rules', () => {
    expect(globMatcher('*.py')('main.py')).toBe(true);
    expect(globMatcher('*.py')('dir/main.py')).toBe(false);
    expect(globMatcher('data-[0-9].csv')('data-7.csv')).toBe(true);
    expect(globMatcher('a.c')('abc')).toBe(false);
  });
});
