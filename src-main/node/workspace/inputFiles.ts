// Texts too large for the model's context, kept as files under <workspace>/.agentic/inputs/ so the
// user sees them in the workspace panel and the agents read them by ranges with file_finder.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputFiles } from '../../core/largeInput/inputFiles.js';
import { resolveInWorkspace } from './guard.js';

export const INPUTS_DIR = '.agentic/inputs';
/** Larger files are not read whole into memory for a digest. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

async function looksLikeText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer.subarray(0, bytesRead);
    return !head.includes(0) && head.subarray(0, 5).toString('latin1') !== '%PDF-';
  } finally {
    await handle.close();
  }
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
        const info = await stat(full);
        if (!info.isFile() || info.size > MAX_READ_BYTES || !(await looksLikeText(full))) return null;
        return await readFile(full, 'utf8');
      } catch {
        return null;
      }
    },
  };
}
