// PATH lookup without spawning a shell. On Windows a command is found by trying each extension of
// PATHEXT (python → python.exe, npm → npm.cmd), directories are split on ';' and names compared
// case-insensitively by the file system; elsewhere the file must carry an execute bit.
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';

/** The file-system questions a lookup asks; tests give a fake layer. */
export interface ExecLookupFs {
  /** A regular file the current user may run (on Windows: a file that exists). */
  isExecutable(file: string): Promise<boolean>;
}

export interface FindExecutableOptions {
  platform?: NodeJS.Platform;
  /** Windows only; defaults to process.env.PATHEXT, then Windows' own default list. */
  pathExt?: string;
  fs?: ExecLookupFs;
}

const WINDOWS_PATHEXT = '.COM;.EXE;.BAT;.CMD';

const nodeFs = (platform: NodeJS.Platform): ExecLookupFs => ({
  async isExecutable(file) {
    try {
      if (!(await stat(file)).isFile()) return false;
      if (platform !== 'win32') await access(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
});

/** The names to try for a command: itself where it already ends in a PATHEXT extension, else with each one. */
export function windowsCandidates(name: string, pathExt: string): string[] {
  const exts = pathExt
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('.'));
  const lower = name.toLowerCase();
  if (exts.some((e) => lower.endsWith(e.toLowerCase()))) return [name];
  return exts.map((e) => name + e.toLowerCase());
}

export async function findExecutable(name: string, envPath = process.env.PATH ?? '', options: FindExecutableOptions = {}): Promise<string | null> {
  const platform = options.platform ?? process.platform;
  const fs = options.fs ?? nodeFs(platform);
  const win = platform === 'win32';
  const p = win ? path.win32 : path.posix;
  const names = win ? windowsCandidates(name, options.pathExt ?? process.env.PATHEXT ?? WINDOWS_PATHEXT) : [name];
  if (name.includes('/') || (win && name.includes('\\'))) {
    for (const candidate of names) if (await fs.isExecutable(candidate)) return candidate;
    return null;
  }
  for (const raw of envPath.split(win ? ';' : ':')) {
    // Windows PATH entries may be quoted ("C:\Program Files\Go\bin").
    const dir = win ? raw.replace(/^"(.*)"$/, '$1') : raw;
    if (dir === '') continue;
    for (const candidate of names) {
      const full = p.join(dir, candidate);
      if (await fs.isExecutable(full)) return full;
    }
  }
  return null;
}
