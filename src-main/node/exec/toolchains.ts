// Which languages this machine can run: the prompt and the tool set list only those.
import { execFile } from 'node:child_process';
import { findExecutable } from './which.js';

export const CODE_LANGUAGES = ['python', 'bash', 'c', 'go', 'java'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export interface Toolchain {
  language: CodeLanguage;
  available: boolean;
  /** e.g. "Python 3.11.7", "gcc 12.2.0"; null when missing. */
  version: string | null;
  /** Resolved executables by role (python, bash, cc, go, javac, java). */
  commands: Record<string, string>;
  /** Executables that were looked for and not found. */
  missing: string[];
}

function output(file: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 15_000 }, (error, stdout, stderr) => resolve(error ? null : `${stdout}\n${stderr}`.trim()));
  });
}

const firstLine = (text: string | null) => (text ?? '').split('\n').find((l) => l.trim() !== '')?.trim() ?? null;

async function python(): Promise<Toolchain> {
  const found = (await findExecutable('python3')) ?? (await findExecutable('python'));
  const base: Toolchain = { language: 'python', available: false, version: null, commands: {}, missing: ['python3'] };
  if (!found) return base;
  // Version shims (pyenv) are shell scripts; running the real interpreter saves a process per block.
  const info = await output(found, ['-c', 'import sys, platform; print(sys.executable); print(platform.python_version())']);
  const [executable, version] = (info ?? '').split('\n');
  if (!executable || !version || !version.startsWith('3')) return base;
  return { language: 'python', available: true, version: `Python ${version.trim()}`, commands: { python: executable.trim() }, missing: [] };
}

async function single(language: CodeLanguage, names: string[], versionArgs: string[], pick: (text: string) => string | null): Promise<Toolchain> {
  for (const name of names) {
    const found = await findExecutable(name);
    if (!found) continue;
    const text = await output(found, versionArgs);
    if (text === null) continue;
    return { language, available: true, version: pick(text), commands: { [language === 'c' ? 'cc' : language]: found }, missing: [] };
  }
  return { language, available: false, version: null, commands: {}, missing: [names[0]!] };
}

async function java(): Promise<Toolchain> {
  const [javac, javaBin] = await Promise.all([findExecutable('javac'), findExecutable('java')]);
  const missing = [...(javac ? [] : ['javac']), ...(javaBin ? [] : ['java'])];
  if (!javac || !javaBin) return { language: 'java', available: false, version: null, commands: {}, missing };
  const text = await output(javac, ['-version']);
  if (text === null) return { language: 'java', available: false, version: null, commands: {}, missing: ['javac'] };
  return { language: 'java', available: true, version: firstLine(text), commands: { javac, java: javaBin }, missing: [] };
}

/** Detects every language's toolchain (in parallel; a few hundred ms, mostly the JVM). */
export async function detectToolchains(): Promise<Toolchain[]> {
  return Promise.all([
    python(),
    single('bash', ['bash'], ['--version'], (t) => /version ([\d.]+)/.exec(t)?.[1]?.replace(/^/, 'bash ') ?? firstLine(t)),
    single('c', ['gcc', 'cc', 'clang'], ['--version'], firstLine),
    single('go', ['go'], ['version'], (t) => /go(\d[\w.]*)/.exec(t)?.[1]?.replace(/^/, 'go ') ?? firstLine(t)),
    java(),
  ]);
}
