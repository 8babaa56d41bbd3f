// Toolchain detection runs each compiler and interpreter once (`javac -version` alone starts a
// JVM): about a second of every app start. Its result is kept in a file and reused while the
// machine's toolchains look the same: the same executables found on the same PATH, each the same
// file (size and modification time), the same pyenv choice, and at most a day old. Anything else,
// or an unreadable file, detects again. Only the toolchains are kept: the sandbox's view of the host
// (which /etc entries to mask) is read at every start, because a stale one could show a new secret.
import { readFile, realpath, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CODE_LANGUAGES } from '../../common/languages.js';
import type { Toolchain } from './toolchains.js';
import { findExecutable } from './which.js';

/** Every executable detection may pick, in its order of preference (node: bash blocks may run it, see toolchains.ts). */
const PROBED = [...CODE_LANGUAGES.flatMap((l) => l.executables), 'node'];
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const VERSION = 1;

interface CacheFile {
  version: number;
  key: string;
  savedAt: number;
  toolchains: Toolchain[];
}

async function fileStamp(file: string): Promise<string> {
  try {
    const real = await realpath(file);
    const s = await stat(real);
    return `${real}:${s.size}:${s.mtimeMs}`;
  } catch {
    return `${file}:missing`;
  }
}

/** What detection depends on, as one string: equal strings mean the same toolchains. */
export async function toolchainFingerprint(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const found = await Promise.all(PROBED.map(async (name) => `${name}=${(await findExecutable(name)) ?? ''}`));
  const stamps = await Promise.all(
    found
      .map((f) => f.slice(f.indexOf('=') + 1))
      .filter(Boolean)
      .map(fileStamp),
  );
  const pyenv = await fileStamp(path.join(env.PYENV_ROOT ?? path.join(os.homedir(), '.pyenv'), 'version'));
  return JSON.stringify([process.platform, process.arch, env.PATH ?? '', env.PYENV_VERSION ?? '', env.JAVA_HOME ?? '', env.GOROOT ?? '', pyenv, found, stamps]);
}

/** The cached toolchains when they still describe this machine, else `detect()`'s, saved for next time. */
export async function cachedToolchains(file: string, detect: () => Promise<Toolchain[]>, now = Date.now()): Promise<Toolchain[]> {
  const key = await toolchainFingerprint();
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as CacheFile;
    const commandsExist = await Promise.all(
      cached.toolchains
        .flatMap((t) => Object.values(t.commands))
        .map((c) =>
          stat(c).then(
            () => true,
            () => false,
          ),
        ),
    );
    if (cached.version === VERSION && cached.key === key && now - cached.savedAt < MAX_AGE_MS && now >= cached.savedAt && commandsExist.every(Boolean)) return cached.toolchains;
  } catch {
    /* no cache yet, or an unreadable one: detect */
  }
  const toolchains = await detect();
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ version: VERSION, key, savedAt: now, toolchains } satisfies CacheFile), { mode: 0o600 });
    await rename(temporary, file);
  } catch {
    /* a cache that cannot be written only costs the next start its detection */
  }
  return toolchains;
}
