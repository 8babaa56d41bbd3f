// Requests of any length. `run -` reads standard input, `--file PATH` a file. A long request given
// as an argument is moved into a private file and the CLI starts itself again: onnxruntime-node
// crashes (SIGSEGV, exit 139) while creating a session when the process's command line is longer
// than about 25 KB, whatever the router is asked to read (measured: 25,000 bytes fine, 30,000 crash).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_REQUEST_CHARS } from '../../common/limits.js';
import { UsageError } from './args.js';
import { fromCaller } from './callerPaths.js';
import { reasonOf } from './workspaceDir.js';

/** Command lines up to this size are kept as they are (well under the measured crash). */
export const SAFE_ARGV_BYTES = 16 * 1024;
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

function checked(text: string, from: string): string {
  if (text.includes('\u0000')) throw new UsageError(`The request in ${from} looks like binary data, not text.`);
  if (!text.trim()) throw new UsageError(`The request in ${from} is empty.`);
  if (text.length > MAX_REQUEST_CHARS)
    throw new UsageError(`The request in ${from} is too long (${text.length.toLocaleString('en-US')} characters; at most ${MAX_REQUEST_CHARS.toLocaleString('en-US')}).`);
  return text;
}

export function readRequestFile(path: string): string {
  const file = fromCaller(path);
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new UsageError(`The request file ${file} is a folder.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read the request file ${file}: ${reasonOf(error)}.`);
  }
  if (size > MAX_REQUEST_BYTES) throw new UsageError(`The request file ${file} is too large (${Math.round(size / 1024 / 1024)} MB; at most 16 MB).`);
  try {
    return checked(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read the request file ${file}: ${reasonOf(error)}.`);
  }
}

export async function readRequestStdin(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (input.isTTY) process.stderr.write('Type or paste the request, then press Ctrl+D on a new line.\n');
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of input) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buf.length;
    if (bytes > MAX_REQUEST_BYTES) throw new UsageError('The request on standard input is too large (at most 16 MB).');
    chunks.push(buf);
  }
  return checked(Buffer.concat(chunks).toString('utf8'), 'standard input');
}

/** Is this command line long enough that a native library may crash on it? */
export const argvTooLong = (argv: readonly string[]): boolean => Buffer.byteLength(argv.join('\u0000')) > SAFE_ARGV_BYTES && !process.env.AGENTIC_RELAUNCHED;

/**
 * Starts this CLI again with `request` (one of `argv`) moved into a 0600 file passed by --file,
 * forwarding the terminal, signals and the exit status.
 */
export async function relaunchWithRequestFile(argv: readonly string[], request: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-request-'));
  const file = join(dir, 'request.txt');
  writeFileSync(file, request, { mode: 0o600 });
  const index = argv.indexOf(request);
  const rest = argv.filter((_, i) => i !== index);
  const [command, ...others] = rest;
  const args = [...process.execArgv, process.argv[1]!, command!, '--file', file, ...others];
  try {
    return await new Promise<number>((done, fail) => {
      const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, AGENTIC_RELAUNCHED: '1' } });
      // The terminal's Ctrl+C reaches the child too (same process group); the parent only waits.
      const onInt = (): void => undefined;
      const onTerm = (): void => void child.kill('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      child.on('error', fail);
      child.on('exit', (code, signal) => {
        process.removeListener('SIGINT', onInt);
        process.removeListener('SIGTERM', onTerm);
        done(code ?? (signal === 'SIGINT' ? 130 : 1));
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
