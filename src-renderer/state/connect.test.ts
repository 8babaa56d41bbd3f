import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src-main/common/events.js';
import { createIpcBridge } from '../bridge/ipc.js';
import type { PreloadApi } from '../bridge/types.js';
import { connectStore } from './connect.js';
import { useStore } from './store.js';
import { ev } from './testEvents.js';

/** A preload double: what Electron's preload does, driven by the test. */
function fakePreload() {
  let listener: ((events: AppEvent[], batch: number) => void) | null = null;
  const acks: { batch: number; turnsInStore: number }[] = [];
  const api: PreloadApi = {
    invoke: () => Promise.reject(new Error('ipc broke')),
    onEvent: (l) => {
      listener = l;
      return () => (listener = null);
    },
    ack: (batch) => acks.push({ batch, turnsInStore: Object.keys(useStore.getState().domain.turns).length }),
  };
  return { api, acks, push: (events: AppEvent[], batch: number) => listener?.(events, batch) };
}

describe('connecting the store to the bridge', () => {
  it('acknowledges a batch only once its events are in the store', () => {
    const preload = fakePreload();
    const off = connectStore(createIpcBridge(preload.api), useStore, () => undefined);
    preload.push([ev({ type: 'turn.started', request: 'a', turnId: 'x1' })], 1);
    preload.push([ev({ type: 'turn.started', request: 'b', turnId: 'x2' })], 2);
    expect(preload.acks).toEqual([
      { batch: 1, turnsInStore: 1 },
      { batch: 2, turnsInStore: 2 },
    ]);
    off();
    preload.push([ev({ type: 'turn.started', request: 'c', turnId: 'x3' })], 3);
    expect(preload.acks).toHaveLength(2);
  });

  it('turns a failing IPC call into an error result instead of a rejected promise', async () => {
    const result = await createIpcBridge(fakePreload().api).invoke('app.info', {});
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'ipc broke' } });
  });
});
