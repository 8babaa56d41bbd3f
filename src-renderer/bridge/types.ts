import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import type { AppEvent } from '../../src-main/common/events.js';
import type { Result } from '../../src-main/common/result.js';

/**
 * What the Electron preload exposes as `window.agentic`.
 * The preload forwards the main process's event batches as `(events, batch)`; the renderer
 * calls `ack(batch)` once a batch has been folded into its store (flow control: the main
 * process stops sending after several unacknowledged batches).
 */
export interface PreloadApi {
  invoke(command: string, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (events: AppEvent[], batch: number) => void): () => void;
  ack(batch: number): void;
}

declare global {
  interface Window {
    agentic?: PreloadApi;
  }
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

export type EventBatchListener = (events: AppEvent[], batch: number) => void;

/** The renderer's view of the app: the same over IPC and over the web host's WebSocket. */
export interface RendererBridge {
  readonly kind: 'ipc' | 'websocket';
  /** Never throws: transport failures come back as `{ ok: false }`. */
  invoke<K extends CommandName>(command: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>>>;
  onEvents(listener: EventBatchListener): () => void;
  ack(batch: number): void;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  close(): void;
}
