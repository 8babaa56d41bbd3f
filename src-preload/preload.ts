// The whole surface the renderer gets: invoke, onEvent, ack over three fixed channels. Nothing else
// of Electron or Node crosses into the page.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { CHANNELS } from '../src-main/common/wire.js';

type EventListener = (events: unknown[], batch: number) => void;

const bridge = {
  invoke: (command: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(CHANNELS.invoke, command, input),
  onEvent: (listener: EventListener): (() => void) => {
    const wrapped = (_e: IpcRendererEvent, events: unknown[], batch: number) => listener(events, batch);
    ipcRenderer.on(CHANNELS.event, wrapped);
    return () => {
      ipcRenderer.removeListener(CHANNELS.event, wrapped);
    };
  },
  ack: (batch: number): void => ipcRenderer.send(CHANNELS.ack, batch),
};

// A drop from the system: its real paths are read here, from the drop itself, and go to main; the
// page never gets them and cannot forge one (a script's synthetic drop is not trusted). Capture
// phase on window, registered before any page script: this runs before the page's own handlers.
window.addEventListener(
  'drop',
  (event) => {
    if (!event.isTrusted || !event.dataTransfer) return;
    const paths = Array.from(event.dataTransfer.files, (file) => webUtils.getPathForFile(file)).filter((path) => path !== '');
    if (paths.length > 0) ipcRenderer.send(CHANNELS.drop, paths);
  },
  true,
);

contextBridge.exposeInMainWorld('agentic', bridge);
