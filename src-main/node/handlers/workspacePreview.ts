// Previews for the workspace panel: text and code as text, images as data, a PDF's first page as
// an image (mupdf), and deletion. Paths come from the page: resolved inside the workspace with the
// same guard the agents use (no `..`, no link leading out).
import { rm, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { AppError } from '../../common/errors.js';
import { resolveInWorkspace } from '../workspace/guard.js';
import { notAFile, notAFileMessage, readRegular } from '../workspace/safeRead.js';

const MAX_TEXT_BYTES = 512 * 1024;
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_PDF_BYTES = 64 * 1024 * 1024;
const IMAGES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
};

export interface Preview {
  kind: 'text' | 'image' | 'pdf' | 'binary' | 'folder';
  size: number;
  text: string | null;
  mime: string | null;
  dataBase64: string | null;
  truncated: boolean;
}

const empty = (kind: Preview['kind'], size: number): Preview => ({ kind, size, text: null, mime: null, dataBase64: null, truncated: false });

/** Text unless it has NUL bytes or is not valid UTF-8 in its first 8 KB. */
function looksLikeText(data: Buffer): boolean {
  const head = data.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length < data.length ? head.subarray(0, head.length - 4) : head);
    return true;
  } catch {
    return false;
  }
}

async function pdfFirstPage(data: Buffer): Promise<string | null> {
  try {
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(data, 'application/pdf');
    const page = doc.loadPage(0);
    const [, , width] = page.getBounds();
    const scale = Math.min(2, 900 / Math.max(1, width));
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    return Buffer.from(pixmap.asPNG()).toString('base64');
  } catch {
    return null; // damaged or encrypted: shown as a file without preview
  }
}

export async function previewFile(workspace: string, path: string): Promise<Preview> {
  const file = await resolveInWorkspace(workspace, path);
  const info = await stat(file).catch(() => null);
  if (!info) throw new AppError('NOT_FOUND', `${path} is not in the workspace any more.`);
  if (info.isDirectory()) return empty('folder', 0);
  // A named pipe, socket or device: never opened (safeRead.ts says why).
  const what = notAFile(info);
  if (what) throw new AppError('BAD_INPUT', notAFileMessage(path, what));
  const ext = extname(file).toLowerCase();
  const mime = IMAGES[ext];
  if (mime) {
    if (info.size > MAX_IMAGE_BYTES) return empty('binary', info.size);
    return { ...empty('image', info.size), mime, dataBase64: (await readRegular(file, path, MAX_IMAGE_BYTES)).data.toString('base64') };
  }
  if (ext === '.pdf') {
    const png = info.size <= MAX_PDF_BYTES ? await pdfFirstPage((await readRegular(file, path, MAX_PDF_BYTES)).data) : null;
    return png ? { ...empty('pdf', info.size), mime: 'image/png', dataBase64: png } : empty('binary', info.size);
  }
  // Only the part shown is read, whatever the file's size.
  const { data } = await readRegular(file, path, MAX_TEXT_BYTES);
  if (!looksLikeText(data)) return empty('binary', info.size);
  return { ...empty('text', info.size), text: data.toString('utf8'), truncated: info.size > MAX_TEXT_BYTES };
}

export async function deleteFile(workspace: string, path: string): Promise<boolean> {
  const file = await resolveInWorkspace(workspace, path);
  const root = await resolveInWorkspace(workspace, '.');
  if (file === root) throw new AppError('BAD_INPUT', 'The workspace folder itself cannot be deleted from here.');
  const existed = await stat(file).then(
    () => true,
    () => false,
  );
  await rm(file, { recursive: true, force: true });
  return existed;
}
