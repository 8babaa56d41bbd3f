import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import type { AppEvent } from '../../src-main/common/events.js';
import type { Result } from '../../src-main/common/result.js';
import { encodeMessage, readServerMessage, type ClientMessage } from '../../src-main/common/wire.js';
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
  return new WebSocketBridge(options);
}

class WebSocketBridge implements RendererBridge {
  readonly kind = 'websocket';
  private readonly createSocket: SocketFactory;
  private readonly backoff: (attempt: number) => number;
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();
  /** Requests not yet sent, by id, in the order they were made. */
  private readonly queue = new Map<number, string>();
  private readonly eventListeners = new Set<EventBatchListener>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private status: ConnectionStatus = 'connecting';
  private socket: SocketLike | null = null;
  private nextId = 1;
  private attempt = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: WebSocketBridgeOptions) {
    this.createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    this.backoff = options.backoffMs ?? defaultBackoff;
    this.connect();
  }

  invoke<K extends CommandName>(command: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>>> {
    if (this.closed) return Promise.resolve({ ok: false, error: notConnected });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (result: Result<unknown>) => void);
      this.send(id, { id, command, input });
    });
  }

  onEvents(listener: EventBatchListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  ack(batch: number): void {
    // An ack for a dropped socket means nothing to the next one: the server starts afresh.
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(encodeMessage({ ack: batch }));
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => this.statusListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }

  private connect(): void {
    this.timer = null;
    const current = this.createSocket(this.options.url);
    this.socket = current;
    current.onopen = () => this.opened(current);
    current.onmessage = (event) => this.received(event.data);
    current.onerror = () => undefined;
    current.onclose = () => this.dropped(current);
  }

  /** Open: the requests made while offline go out, in order. */
  private opened(current: SocketLike): void {
    this.attempt = 0;
    this.setStatus('open');
    const texts = [...this.queue.values()];
    this.queue.clear();
    for (const text of texts) current.send(text);
  }

  /** Closed: every call waiting on this socket fails, and a reconnect is scheduled unless the bridge was closed. */
  private dropped(current: SocketLike): void {
    if (this.socket !== current) return;
    this.socket = null;
    // A failed call's queued message goes with it (see above).
    for (const [id, resolve] of this.pending) {
      this.queue.delete(id);
      resolve({ ok: false, error: notConnected });
    }
    this.pending.clear();
    if (this.closed) return;
    this.setStatus('reconnecting');
    this.timer = setTimeout(() => this.connect(), this.backoff(this.attempt++));
  }

  private received(data: unknown): void {
    const m = typeof data === 'string' ? readServerMessage(data) : null;
    if (m === null) return;
    if ('id' in m) {
      const resolve = this.pending.get(m.id);
      this.pending.delete(m.id);
      resolve?.(m.result);
    } else {
      for (const listener of this.eventListeners) listener(m.events as AppEvent[], m.batch);
    }
  }

  private send(id: number, message: ClientMessage): void {
    const text = encodeMessage(message);
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(text);
    else this.queue.set(id, text);
  }

  private setStatus(next: ConnectionStatus): void {
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.statusListeners) listener(next);
  }
}
