// engines.* commands (Settings → About this computer): the CUDA build's download, polled by the UI.
import type { EngineCommandName } from '../../common/engines.js';
import type { Handlers } from '../../common/contract.js';
import type { EngineDownloads } from '../llm/engines/service.js';

export function createEngineHandlers(downloads: EngineDownloads): Pick<Handlers, EngineCommandName> {
  return {
    'engines.status': async ({ kind }) => downloads.status(kind),
    'engines.get': async ({ kind }) => downloads.start(kind).status,
    'engines.pause': async ({ kind }) => downloads.pause(kind),
    'engines.cancel': async ({ kind }) => downloads.cancel(kind),
    'engines.rm': async ({ kind }) => (await downloads.remove(kind)).status,
  };
}
