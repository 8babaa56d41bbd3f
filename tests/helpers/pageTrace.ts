// What the page and the host did, kept for a failing e2e test: the bridge's WebSocket opening and
// closing, the commands the page sent and how they were answered, the event types it received,
// page errors, console errors and the host's stderr. A flake seen once in a CI run then explains
// itself in the log instead of needing a reproduction.
import type { Page, WebSocket } from 'playwright-core';

const MAX_LINES = 400;

export interface PageTrace {
  /** The trace so far, oldest first, with seconds since the page opened. */
  text(): string;
}

function describeSent(payload: string): string | null {
  try {
    const m = JSON.parse(payload) as { id?: number; command?: string; ack?: number };
    if (typeof m.ack === 'number') return null;
    return `→ #${m.id} ${m.command}`;
  } catch {
    return `→ (not JSON, ${payload.length} chars)`;
  }
}

function describeReceived(payload: string): string {
  try {
    const m = JSON.parse(payload) as { id?: number; result?: { ok: boolean; error?: { code: string } }; batch?: number; events?: { type: string; turnId?: string | null }[] };
    if (typeof m.id === 'number') return `← #${m.id} ${m.result?.ok ? 'ok' : `error ${m.result?.error?.code}`}`;
    const counts = new Map<string, number>();
    for (const e of m.events ?? []) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    const counted = [...counts].map(([type, n]) => (n > 1 ? `${type}×${n}` : type));
    return `← batch ${m.batch}: ${counted.join(' ')}`;
  } catch {
    return `← (not JSON, ${payload.length} chars)`;
  }
}

export function tracePage(page: Page, hostStderr: () => string): PageTrace {
  const started = Date.now();
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
    if (lines.length > MAX_LINES) lines.splice(0, lines.length - MAX_LINES);
  };
  page.on('websocket', (ws: WebSocket) => {
    note(`websocket open ${new URL(ws.url()).pathname}`);
    ws.on('framesent', ({ payload }) => {
      const line = describeSent(String(payload));
      if (line) note(line);
    });
    ws.on('framereceived', ({ payload }) => note(describeReceived(String(payload))));
    ws.on('socketerror', (error) => note(`websocket error ${error}`));
    ws.on('close', () => note('websocket closed'));
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`);
  });
  return {
    text: () => [`page trace (last ${MAX_LINES} lines):`, ...lines, 'host stderr:', hostStderr().slice(-8000) || '(empty)'].join('\n'),
  };
}
