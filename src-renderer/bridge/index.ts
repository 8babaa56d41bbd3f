import { createIpcBridge } from './ipc.js';
import type { RendererBridge } from './types.js';
import { bridgeUrlFromLocation, createWebSocketBridge } from './websocket.js';

export type { RendererBridge } from './types.js';

/** Electron's preload when present, else the web host's WebSocket on the page's own origin. */
export function pickBridge(win: Window = window): RendererBridge {
  if (win.agentic) return createIpcBridge(win.agentic);
  return createWebSocketBridge({ url: bridgeUrlFromLocation(win.location) });
}

let current: RendererBridge | null = null;
export function setBridge(bridge: RendererBridge): void {
  current = bridge;
}
export function bridge(): RendererBridge {
  if (!current) throw new Error('bridge not set: call setBridge() before rendering');
  return current;
}
