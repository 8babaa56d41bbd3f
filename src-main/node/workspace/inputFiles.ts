// Texts too large for the model's context, kept as files under <workspace>/.agentic/inputs/ so the
// user sees them in the workspace panel and the agents read them by ranges with file_finder.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputFiles } from '../../core/largeInput/inputFiles.js';
import { pageMark } from '../../core/largeInput/pieces.js';
import { resolveInWorkspace } from './guard.js';
import { readRegular } from './safeRead.js';

export const INPUTS_DIR = '.agentic/inputs';
/** Larger files are not read whole into memory for a digest. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function kindOf(data: Buffer): 'text' | 'pdf' | 'binary' {
  const head = data.subarray(0, 4096);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return head.includes(0) ? 'binary' : 'text';
}

/** A PDF's text, each page after its page mark, so that a digest's parts are cited by page. */
async function pdfText(data: Buffer): Promise<string> {
  // Loaded only when a PDF is read (the WASM module takes ~300 ms to start).
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    pages.push(`${pageMark(i + 1)}\n${doc.loadPage(i).toStructuredText('preserve-whitespace').asText().trimEnd()}`);
    // mupdf runs synchronously: give the event loop a turn between pages of a long document.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return pages.join('\n');
}

export function createInputFiles(): InputFiles {
  return {
    async save(workspace, kind, text) {
      const dir = path.join(workspace, ...INPUTS_DIR.split('/'));
      await mkdir(dir, { recursive: true });
      const name = `${stamp()}-${kind}-${randomBytes(3).toString('hex')}.txt`;
      // 0600: a paste may hold private text; the workspace may be shared with other tools.
      await writeFile(path.join(dir, name), text, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
      return `${INPUTS_DIR}/${name}`;
    },
    async readText(workspace, relative) {
      try {
        const full = await resolveInWorkspace(workspace, relative);
        // One descriptor, opened before its type is checked (safeRead.ts): no named pipe swapped in after a check can block the read.
        const { data, size } = await readRegular(full, relative, MAX_READ_BYTES, 0, true);
        if (size > MAX_READ_BYTES) return null;
        const kind = kindOf(data);
        if (kind === 'binary') return null;
        return kind === 'pdf' ? await pdfText(data) : data.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
