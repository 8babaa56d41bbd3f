import type { CommandInput, CommandName, CommandOutput } from '../../src-main/common/contract.js';
import { toErrorData } from '../../src-main/common/errors.js';
import type { Result } from '../../src-main/common/result.js';
import type { ConnectionStatus, EventBatchListener, PreloadApi, RendererBridge } from './types.js';

/** The bridge over Electron IPC: the preload's `window.agentic`, always connected. */
export function createIpcBridge(api: PreloadApi): RendererBridge {
  return {
    kind: 'ipc',
    async invoke<K extends CommandName>(command: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>>> {
      try {
        return (await api.invoke(command, input)) as Result<CommandOutput<K>>;
      } catch (error) {
        return { ok: false, error: toErrorData(error) };
      }
    },
    onEvents: (listener: EventBatchListener) => api.onEvent(listener),
    ack: (batch) => api.ack(batch),
    onStatus(listener: (status: ConnectionStatus) => void) {
      listener('open');
      return () => undefined;
    },
    close: () => undefined,
  };
}
