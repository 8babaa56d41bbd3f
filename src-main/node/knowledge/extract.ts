// Text of a workspace file as lines that know their page and line: PDF (mupdf, per page), DOCX and
// ODT (their XML inside the ZIP), HTML (tags removed, source lines kept so a hit points at the
// source), and every text format as it is (Markdown, CSV, plain text, source code). Anything else,
// and text that is mostly control bytes, is not indexed.
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocLine } from './types.js';
import { yieldNow } from './walk.js';
import { decodeEntities, docxLines, odtLines } from './xmlText.js';
import { openZip } from './zip.js';

export type DocKind = 'pdf' | 'docx' | 'odt' | 'html' | 'markdown' | 'text';

/** Files larger than this are not indexed (a log or a data dump would crowd out the documents). */
export const MAX_TEXT_BYTES = 8 * 2 ** 20;
export const MAX_DOCUMENT_BYTES = 64 * 2 ** 20;

const BINARY_EXTENSIONS = new Set(
  'png jpg jpeg gif webp bmp ico tif tiff psd heic mp3 mp4 m4a wav ogg flac webm mov avi mkv zip gz tgz bz2 xz 7z rar jar war class so dylib dll exe bin o a lib obj wasm gguf onnx pt safetensors sqlite db woff woff2 ttf otf eot iso dmg pyc pkl npy npz parquet xlsx pptx doc xls ppt odp ods'.split(
    ' ',
  ),
);

export function kindByName(file: string): DocKind | 'binary' | null {
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'odt') return 'odt';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (ext === 'md' || ext === 'markdown' || ext === 'mdx') return 'markdown';
  if (BINARY_EXTENSIONS.has(ext)) return 'binary';
  return null; // decided by the bytes
}

async function looksLikeText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    const text = head.toString('utf8');
    const bad = (text.match(/[\uFFFD\x01-\x08\x0E-\x1A]/g) ?? []).length;
    return bad <= Math.max(8, text.length * 0.1);
  } finally {
    await handle.close();
  }
}

/** What the index makes of the file, or null when it holds no text it can use. */
export async function documentKind(file: string, size: number): Promise<DocKind | null> {
  const byName = kindByName(file);
  if (byName === 'binary') return null;
  if (byName === 'pdf' || byName === 'docx' || byName === 'odt') return size <= MAX_DOCUMENT_BYTES ? byName : null;
  if (size > MAX_TEXT_BYTES) return null;
  if (!(await looksLikeText(file))) return null;
  return byName ?? 'text';
}

const textLines = (text: string, headings: (line: string) => boolean): DocLine[] =>
  text.split(/\r?\n/).flatMap((line, i) => (line.trim() ? [{ text: line, page: null, line: i + 1, ...(headings(line) ? { heading: true as const } : {}) }] : []));

async function pdfLines(file: string): Promise<DocLine[]> {
  // mupdf is ESM with top-level await and ~300 ms of WASM init: loaded only when a PDF is indexed.
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(await readFile(file), 'application/pdf');
  const lines: DocLine[] = [];
  try {
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const text = page.toStructuredText('preserve-whitespace').asText();
      page.destroy();
      // mupdf puts a blank line between text blocks: a PDF's line numbers count lines of text only.
      text
        .split('\n')
        .filter((line) => line.trim())
        .forEach((line, n) => lines.push({ text: line, page: i + 1, line: n + 1 }));
      await yieldNow(); // a long PDF must not hold the event loop for its whole length
    }
  } finally {
    doc.destroy();
  }
  return lines;
}

/** HTML without its tags, line for line with the source; script and style bodies blanked. */
export function htmlLines(html: string): DocLine[] {
  const keepNewlines = (s: string) => s.replace(/[^\n]/g, '');
  const stripped = html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, keepNewlines).replace(/<!--[\s\S]*?-->/g, keepNewlines);
  const lines: DocLine[] = [];
  stripped.split(/\r?\n/).forEach((raw, i) => {
    const heading = /<h[1-6]\b/i.test(raw);
    const text = decodeEntities(raw.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) lines.push({ text, page: null, line: i + 1, ...(heading ? { heading: true as const } : {}) });
  });
  return lines;
}

export async function extractLines(file: string, kind: DocKind): Promise<DocLine[]> {
  switch (kind) {
    case 'pdf':
      return pdfLines(file);
    case 'docx': {
      const xml = openZip(await readFile(file)).read('word/document.xml');
      if (!xml) throw new Error('not a Word document (no word/document.xml)');
      return docxLines(xml.toString('utf8'));
    }
    case 'odt': {
      const xml = openZip(await readFile(file)).read('content.xml');
      if (!xml) throw new Error('not an OpenDocument text (no content.xml)');
      return odtLines(xml.toString('utf8'));
    }
    case 'html':
      return htmlLines(await readFile(file, 'utf8'));
    case 'markdown':
      return textLines(await readFile(file, 'utf8'), (line) => /^#{1,6}\s/.test(line));
    case 'text':
      return textLines(await readFile(file, 'utf8'), () => false);
  }
}
