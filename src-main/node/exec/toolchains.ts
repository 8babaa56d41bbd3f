// Which languages this machine can run: the prompt and the tool set list only those.
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CODE_LANGUAGE_IDS, CODE_LANGUAGES, type CodeLanguage } from '../../common/languages.js';
import { findExecutable } from './which.js';

export type { CodeLanguage };

export interface Toolchain {
  language: CodeLanguage;
  available: boolean;
  /** e.g. "Python 3.11.7", "gcc 12.2.0"; null when missing. */
  version: string | null;
  /** Resolved executables by role (python, bash, cc, go, javac, java). */
  commands: Record<string, string>;
  /** Executables that were looked for and not found. */
  missing: string[];
  /**
   * Folders the toolchain needs to read at run time (its prefix, user site-packages, the JDK, Go's
   * root): the sandbox binds them read-only when they lie outside the system folders it shows anyway.
   */
  roots?: string[];
  /** Variables the toolchain needs inside the sandbox (e.g. GOPROXY pointing at the host's module cache). */
  env?: Record<string, string>;
}

function output(file: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 15_000 }, (error, stdout, stderr) => resolve(error ? null : `${stdout}\n${stderr}`.trim()));
  });
}

const firstLine = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim() ?? null;

async function python(): Promise<Toolchain> {
  const found = (await findExecutable('python3')) ?? (await findExecutable('python'));
  const base: Toolchain = { language: 'python', available: false, version: null, commands: {}, missing: ['python3'] };
  if (!found) return base;
  // Version shims (pyenv) are shell scripts; running the real interpreter saves a process per block.
  const info = await output(found, ['-c', PYTHON_PROBE]);
  const [executable, version, ...dirs] = (info ?? '').split('\n').map((l) => l.trim());
  if (!executable || !version || !version.startsWith('3')) return base;
  // A pyenv shim runs `pyenv exec`, which needs the whole pyenv root, not only the version's prefix.
  const pyenv = /^(.*\/\.pyenv)\//.exec(found)?.[1] ?? /^(.*\/\.pyenv)\//.exec(executable)?.[1];
  const roots = [...dirs, ...(pyenv ? [pyenv] : [])].filter((d) => d !== '');
  return { language: 'python', available: true, version: `Python ${version}`, commands: { python: executable }, missing: [], roots: [...new Set(roots)] };
}

const PYTHON_PROBE =
  'import sys, site, platform; print(sys.executable); print(platform.python_version()); print(sys.prefix); print(sys.base_prefix); print(site.getusersitepackages())';

/** The real folder two levels above an executable (…/bin/javac → the JDK). */
async function prefixOf(executable: string): Promise<string | null> {
  const real = await realpath(executable).catch(() => null);
  return real ? path.dirname(path.dirname(real)) : null;
}

async function goDetails(go: string): Promise<Pick<Toolchain, 'roots' | 'env'>> {
  const text = await output(go, ['env', 'GOROOT', 'GOMODCACHE', 'GOPROXY']);
  const [goroot, modcache, proxy] = (text ?? '').split('\n').map((l) => l.trim());
  const roots = [goroot, modcache].filter((d): d is string => !!d);
  // Each workspace has its own module cache; the host's cache is offered read-only as a first proxy,
  // so modules already downloaded on this machine build offline.
  const env: Record<string, string> = modcache ? { GOPROXY: [`file://${modcache}/cache/download`, proxy || 'off'].join(',') } : {};
  return { roots, env };
}

/** A bash block may run Node (MCP servers and scripts do): its prefix, when it lives outside /usr (nvm). */
async function nodeDetails(): Promise<Pick<Toolchain, 'roots'>> {
  const node = await findExecutable('node');
  const prefix = node ? await prefixOf(node) : null;
  return prefix ? { roots: [prefix] } : {};
}

/** The table's executables (python and java name theirs in their own detectors, which need more than one). */
const executablesOf = (language: CodeLanguage): readonly string[] => CODE_LANGUAGES.find((l) => l.id === language)!.executables;

async function single(language: CodeLanguage, versionArgs: string[], pick: (text: string) => string | null): Promise<Toolchain> {
  const names = executablesOf(language);
  for (const name of names) {
    const found = await findExecutable(name);
    if (!found) continue;
    const text = await output(found, versionArgs);
    if (text === null) continue;
    const details = language === 'go' ? await goDetails(found) : language === 'bash' ? await nodeDetails() : {};
    return { language, available: true, version: pick(text), commands: { [language === 'c' ? 'cc' : language]: found }, missing: [], ...details };
  }
  return { language, available: false, version: null, commands: {}, missing: [names[0]!] };
}

async function java(): Promise<Toolchain> {
  const [javac, javaBin] = await Promise.all([findExecutable('javac'), findExecutable('java')]);
  const missing = [...(javac ? [] : ['javac']), ...(javaBin ? [] : ['java'])];
  if (!javac || !javaBin) return { language: 'java', available: false, version: null, commands: {}, missing };
  const text = await output(javac, ['-version']);
  if (text === null) return { language: 'java', available: false, version: null, commands: {}, missing: ['javac'] };
  const jdk = await prefixOf(javac);
  return { language: 'java', available: true, version: firstLine(text), commands: { javac, java: javaBin }, missing: [], roots: jdk ? [jdk] : [] };
}

// A Record, so that a language added to the table cannot be left undetected.
const DETECT: Record<CodeLanguage, () => Promise<Toolchain>> = {
  python,
  bash: () => single('bash', ['--version'], (t) => /version ([\d.]+)/.exec(t)?.[1]?.replace(/^/, 'bash ') ?? firstLine(t)),
  c: () => single('c', ['--version'], firstLine),
  go: () => single('go', ['version'], (t) => /go(\d[\w.]*)/.exec(t)?.[1]?.replace(/^/, 'go ') ?? firstLine(t)),
  java,
};

/** Detects every language's toolchain (in parallel; a few hundred ms, mostly the JVM). */
export async function detectToolchains(): Promise<Toolchain[]> {
  return Promise.all(CODE_LANGUAGE_IDS.map((language) => DETECT[language]()));
}
