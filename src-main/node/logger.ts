// The one logger of the main process. Writes JSON lines to stderr (or a sink) and never a secret:
// fields whose names look like credentials are masked.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../core/ports.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET = /key|token|secret|password|authorization/i;

export function createLogger(options: { level?: Level; sink?: (line: string) => void } = {}): Logger {
  const min = ORDER[options.level ?? (process.env.AGENTIC_LOG as Level | undefined) ?? 'warn'] ?? ORDER.warn;
  const sink = options.sink ?? ((line: string) => process.stderr.write(line + '\n'));
  const write = (level: Level, message: string, data?: Record<string, unknown>) => {
    if (ORDER[level] < min) return;
    const safe = data ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET.test(k) ? '***' : v])) : undefined;
    sink(JSON.stringify({ t: new Date().toISOString(), level, message, ...safe }));
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export interface RotatingFileOptions {
  /** The log file; rotated copies sit beside it as name.1.log, name.2.log… (1 is the newest). */
  file: string;
  maxBytes?: number;
  /** Rotated copies kept besides the current file. */
  keep?: number;
}

/**
 * A sink that appends lines to a file and rotates it by size: at maxBytes the file becomes .1,
 * .1 becomes .2 and so on; the oldest is dropped. Synchronous appends: a line written before a
 * crash is on disk, and the main process logs little. A failing disk never throws into the caller.
 */
export function rotatingFileSink(options: RotatingFileOptions): (line: string) => void {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const keep = options.keep ?? 3;
  const { file } = options;
  const rotated = (n: number) => file.replace(/(\.log)?$/, `.${n}$1`);
  let size = 0;
  let broken = false;
  const fail = (error: unknown) => {
    // Logging must never take the app down; say so once on stderr and stop trying.
    broken = true;
    process.stderr.write(`log file ${file} unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
  };
  try {
    mkdirSync(dirname(file), { recursive: true });
    size = existsSync(file) ? statSync(file).size : 0;
  } catch (error) {
    fail(error);
  }
  const rotate = () => {
    rmSync(rotated(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    if (keep > 0) renameSync(file, rotated(1));
    else rmSync(file, { force: true });
    size = 0;
  };
  return (line: string) => {
    if (broken) return;
    const bytes = Buffer.byteLength(line) + 1;
    try {
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(file, line + '\n', { mode: 0o600 });
      size += bytes;
    } catch (error) {
      fail(error);
    }
  };
}

/** Every line to each sink (stderr and the log file). */
export const teeSinks =
  (...sinks: ((line: string) => void)[]) =>
  (line: string): void => {
    for (const sink of sinks) sink(line);
  };
