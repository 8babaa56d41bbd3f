// The workspace panel's previews and deletion on real files: text, an image, a PDF's first page
// rendered by mupdf (a PNG), binary files left unpreviewed, and paths that lead out refused.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteFile, previewFile } from '../../../src-main/node/handlers/workspacePreview.js';
import { makePdf } from '../../helpers/pdf.js';

let ws: string;
let outside: string;
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  ws = await mkdtemp(path.join(os.tmpdir(), 'preview-ws-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'preview-out-'));
  await mkdir(path.join(ws, 'src'));
  await writeFile(path.join(ws, 'src', 'main.py'), 'print("hi")\n');
  await writeFile(path.join(ws, 'dot.png'), PNG_1PX);
  await writeFile(path.join(ws, 'report.pdf'), await makePdf('First page'));
  await writeFile(path.join(ws, 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 255]));
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  await symlink(path.join(outside, 'secret.txt'), path.join(ws, 'link.txt'));
});
afterAll(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('workspace previews', () => {
  it('reads text, images and a PDF first page; binary files get no preview', async () => {
    expect(await previewFile(ws, 'src/main.py')).toMatchObject({ kind: 'text', text: 'print("hi")\n', truncated: false });
    const image = await previewFile(ws, 'dot.png');
    expect(image).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(Buffer.from(image.dataBase64!, 'base64').equals(PNG_1PX)).toBe(true);
    const pdf = await previewFile(ws, 'report.pdf');
    expect(pdf.kind).toBe('pdf');
    expect(Buffer.from(pdf.dataBase64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(await previewFile(ws, 'blob.bin')).toMatchObject({ kind: 'binary', text: null });
    expect(await previewFile(ws, 'src')).toMatchObject({ kind: 'folder' });
  });

  it('refuses paths and links that lead outside the workspace, for reading and deleting', async () => {
    await expect(previewFile(ws, '../preview-out/secret.txt')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await expect(previewFile(ws, 'link.txt')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await expect(deleteFile(ws, 'link.txt')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    await expect(deleteFile(ws, '.')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(existsSync(path.join(outside, 'secret.txt'))).toBe(true);
  });

  it('deletes a file or a folder', async () => {
    expect(await deleteFile(ws, 'blob.bin')).toBe(true);
    expect(await deleteFile(ws, 'src')).toBe(true);
    expect(existsSync(path.join(ws, 'src'))).toBe(false);
    expect(await deleteFile(ws, 'gone.txt')).toBe(false);
  });
});
