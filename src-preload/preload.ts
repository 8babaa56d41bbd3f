// The whole surface the renderer gets: invoke, onEvent, ack over three fixed channels. Nothing else
// of Electron or Node crosses into the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const CHANNELS = { invoke: 'agentic:invoke', event: 'agentic:event', ack: 'agentic:ack' } as const;

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

contextBridge.exposeInMainWorld('agentic', bridge);
export type PreloadBridge = typeof bridge;
