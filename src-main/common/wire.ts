// The wire between the page and the app, defined once for both transports: Electron's IPC channels
// (src-preload ↔ electron/ipc.ts) and the web host's WebSocket messages (src-renderer/bridge ↔
// hosts/web/server.ts). Type-only imports: the sandboxed preload bundles this file and must stay small.
import type { Result } from './result.js';

/** The fixed IPC channels the preload exposes: commands, event batches, their acks, system drops. */
export const CHANNELS = { invoke: 'agentic:invoke', event: 'agentic:event', ack: 'agentic:ack', drop: 'agentic:drop' } as const;

/** Page → app: a command with the id its answer will carry, or the ack of an event batch. */
export type ClientMessage = { id: number; command: string; input: unknown } | { ack: number };
/** App → page: a command's answer (the `Result` envelope), or a batch of events to ack. */
export type ServerMessage = { id: number; result: Result<unknown> } | { events: unknown[]; batch: number };

export const encodeMessage = (message: ClientMessage | ServerMessage): string => JSON.stringify(message);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string): Record<string, unknown> | 'not-json' {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : 'not-json';
  } catch {
    return 'not-json';
  }
}

/**
 * What the app makes of a page's message: 'not-json' closes the socket (nothing a page sends is
 * malformed by accident); 'unknown' is a well-formed message of a shape this version does not know,
 * ignored so that a newer page can talk to an older host.
 */
export function readClientMessage(text: string): ClientMessage | 'not-json' | 'unknown' {
  const m = parseObject(text);
  if (m === 'not-json') return m;
  if (typeof m.ack === 'number') return { ack: m.ack };
  // A request whose command is not a string is still answered (dispatch refuses the empty name), so
  // the page's call ends with an error instead of waiting for ever.
  if (typeof m.id === 'number') return { id: m.id, command: typeof m.command === 'string' ? m.command : '', input: m.input };
  return 'unknown';
}

/** What the page makes of the app's message; null for anything else (ignored). */
export function readServerMessage(text: string): ServerMessage | null {
  const m = parseObject(text);
  if (m === 'not-json') return null;
  if (typeof m.id === 'number' && isObject(m.result) && typeof m.result.ok === 'boolean') return { id: m.id, result: m.result as Result<unknown> };
  if (Array.isArray(m.events) && typeof m.batch === 'number') return { events: m.events, batch: m.batch };
  return null;
}
