// The IPC server: answers only the app's own main frame, parses input with the contract, replies
// with envelopes, and streams events per window with acknowledgement flow control.
import { isAbsolute } from 'node:path';
import { ipcMain, type BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import type { Handlers } from '../common/contract.js';
import { CHANNELS } from '../common/wire.js';
import { dispatch } from '../common/dispatch.js';
import type { AppEvent } from '../common/events.js';
import { fail } from '../common/result.js';
import { EventChannel } from '../core/transport/eventChannel.js';
import { parseDropMessage } from './drop.js';

export function serveIpc(
  window: BrowserWindow,
  handlers: Handlers,
  subscribe: (l: (e: AppEvent) => void) => () => void,
  appUrl: (url: string) => boolean,
  options: { onDrop?: (paths: string[]) => void } = {},
): () => void {
  const contents = window.webContents;
  const trusted = (event: IpcMainInvokeEvent | IpcMainEvent) =>
    event.sender === contents && event.senderFrame !== null && event.senderFrame === contents.mainFrame && appUrl(event.senderFrame.url);

  ipcMain.handle(CHANNELS.invoke, async (event, command: unknown, input: unknown) => {
    if (!trusted(event)) return fail({ code: 'FORBIDDEN', message: 'This frame may not call the app.' });
    return dispatch(handlers, command, input, { clientId: `window-${contents.id}` });
  });

  const channel = new EventChannel((batch) => {
    if (!contents.isDestroyed()) contents.send(CHANNELS.event, batch.events, batch.batch);
  });
  const onAck = (event: IpcMainEvent, batch: unknown) => {
    if (trusted(event) && typeof batch === 'number') channel.ack(batch);
  };
  ipcMain.on(CHANNELS.ack, onAck);
  // Paths of a drop from the system, sent by the preload (see drop.ts).
  const onDrop = (event: IpcMainEvent, payload: unknown) => {
    const paths = trusted(event) ? parseDropMessage(payload, isAbsolute) : null;
    if (paths) options.onDrop?.(paths);
  };
  ipcMain.on(CHANNELS.drop, onDrop);
  const unsubscribe = subscribe((event) => channel.push(event));

  return () => {
    unsubscribe();
    channel.close();
    ipcMain.removeHandler(CHANNELS.invoke);
    ipcMain.removeListener(CHANNELS.ack, onAck);
    ipcMain.removeListener(CHANNELS.drop, onDrop);
  };
}
