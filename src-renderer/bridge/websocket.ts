import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import type { AppEvent } from '../../src-main/common/events.js';
import type { Result } from '../../src-main/common/result.js';
import type { ConnectionStatus, EventBatchListener, RendererBridge } from './types.js';

/** The subset of the browser WebSocket API the client uses (the `ws` package fits it too, for tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface WebSocketBridgeOptions {
  url: string;
  createSocket?: SocketFactory;
  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
}

const OPEN = 1;
const notConnected = { code: 'INTERNAL', message: 'The connection to the app was lost; the command may not have run.' } as const;

export const defaultBackoff = (attempt: number): number => Math.min(5_000, 250 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** `ws://host/bridge?token=…` for the page's own origin and token. */
export function bridgeUrlFromLocation(location: { protocol: string; host: string; search: string }): string {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/bridge?token=${encodeURIComponent(token)}`;
}

/**
 * The bridge over the web host's WebSocket: requests `{id, command, input}` answered by
 * `{id, result}`; event batches `{events, batch}` acknowledged with `{ack: batch}`.
 * Reconnects with backoff. When a socket closes, every call waiting on it fails, and a failed call's
 * message is dropped from the queue: the caller was told the command may not have run, so sending
 * it later would run it behind the caller's back (twice, if the caller retried). Retries are the
 * caller's own, explicit new calls.
 */
export function createWebSocketBridge(options: WebSocketBridgeOptions): RendererBridge {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoffMs ?? defaultBackoff;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  /** Requests not yet sent, by id, in the order they were made. */
  const queue = new Map<number, string>();
  const eventListeners = new Set<EventBatchListener>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  let status: ConnectionStatus = 'connecting';
  let socket: SocketLike | null = null;
  let nextId = 1;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: ConnectionStatus): void => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const send = (id: number, message: unknown): void => {
    const text = JSON.stringify(message);
    if (socket && socket.readyState === OPEN) socket.send(text);
    else queue.set(id, text);
  };

  const onMessage = (data: unknown): void => {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const m = message as { id?: unknown; result?: unknown; events?: unknown; batch?: unknown };
    if (typeof m.id === 'number' && m.result !== undefined) {
      const resolve = pending.get(m.id);
      pending.delete(m.id);
      resolve?.(m.result as Result<unknown>);
    } else if (Array.isArray(m.events) && typeof m.batch === 'number') {
      for (const listener of eventListeners) listener(m.events as AppEvent[], m.batch);
    }
  };

  const connect = (): void => {
    timer = null;
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      setStatus('open');
      const texts = [...queue.values()];
      queue.clear();
      for (const text of texts) current.send(text);
    };
    current.onmessage = (event) => onMessage(event.data);
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      // A failed call's queued message goes with it (see above).
      for (const [id, resolve] of pending) {
        queue.delete(id);
        resolve({ ok: false, error: notConnected });
      }
      pending.clear();
      if (closed) return;
      setStatus('reconnecting');
      timer = setTimeout(connect, backoff(attempt++));
    };
  };
  connect();

  return {
    kind: 'websocket',
    invoke<K extends CommandName>(command: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>>> {
      if (closed) return Promise.resolve({ ok: false, error: notConnected });
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: Result<unknown>) => void);
        send(id, { id, command, input });
      });
    },
    onEvents(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    ack(batch) {
      // An ack for a dropped socket means nothing to the next one: the server starts afresh.
      if (socket && socket.readyState === OPEN) socket.send(JSON.stringify({ ack: batch }));
    },
    onStatus(listener) {
      statusListeners.add(listener);
      listener(status);
      return () => statusListeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
