import type { RendererBridge } from '../bridge/types.js';
import type { AppStore } from './store.js';

interface StoreApi {
  getState(): AppStore;
}

/**
 * Folds every event batch into the store and only then acknowledges it, so the host's flow
 * control counts batches the page has really taken in. Calls `onReconnected` after a dropped
 * connection comes back (events sent meanwhile are lost: the caller reloads what it shows).
 */
export function connectStore(bridge: RendererBridge, store: StoreApi, onReconnected: () => void): () => void {
  const offEvents = bridge.onEvents((events, batch) => {
    store.getState().applyEvents(events);
    bridge.ack(batch);
  });
  let wasDown = false;
  const offStatus = bridge.onStatus((connection) => {
    store.getState().set({ connection });
    if (connection === 'reconnecting') wasDown = true;
    if (connection === 'open' && wasDown) {
      wasDown = false;
      onReconnected();
    }
  });
  return () => {
    offEvents();
    offStatus();
  };
}
