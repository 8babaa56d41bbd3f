// The one logger of the main process. Writes JSON lines to stderr (or a sink) and never a secret:
// fields whose names look like credentials are masked.
import type { Logger } from '../core/ports.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET = /key|token|secret|password|authorization/i;

export function createLogger(options: { level?: Level; sink?: (line: string) => void } = {}): Logger {
  const min = ORDER[options.level ?? ((process.env.AGENTIC_LOG as Level | undefined) ?? 'warn')] ?? ORDER.warn;
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
