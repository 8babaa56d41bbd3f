// A stand-in for Electron's webContents (its debugger, getURL, getTitle, getUserAgent) over a real
// Chromium: one browser-level CDP WebSocket, attached to one page target with flattened sessions.
// It follows Electron's documented Debugger semantics (electron.d.ts, class Debugger):
// - attach() is synchronous and throws when a debugger is already attached;
// - sendCommand(method, params, sessionId?) without a sessionId goes to the page itself, with one
//   to a child session the page auto-attached (iframe, worker); it rejects with the error message;
// - 'message' (event, method, params, sessionId) carries '' for the page's own events and the
//   child's id for a child's; browser-level events never reach it;
// - 'detach' (event, reason) when the session ends from outside (DevTools opened, page closed);
//   an explicit detach() emits nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { DebuggableContents, DebuggerLike } from '../../../src-main/electron/debuggerTransport.js';

interface Wire {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

class BrowserSocket {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly events = new EventEmitter();

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Wire;
      if (message.id !== undefined) {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result ?? {});
      } else this.events.emit('event', message);
    });
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

type MessageListener = (event: unknown, method: string, params: unknown, sessionId: string) => void;

class StandInDebugger extends EventEmitter implements DebuggerLike {
  private root: Promise<string> | null = null;
  private rootId: string | null = null;
  private readonly children = new Set<string>();
  /** How many times attach() ran: a test checks the transport re-attached after a detach. */
  attachCount = 0;

  constructor(
    private readonly socket: BrowserSocket,
    private readonly targetId: string,
  ) {
    super();
    socket.events.on('event', (message: Wire) => this.onWire(message));
  }

  attach(): void {
    if (this.root) throw new Error('Debugger is already attached to the target');
    this.attachCount++;
    this.root = this.socket.send('Target.attachToTarget', { targetId: this.targetId, flatten: true }).then((r) => {
      this.rootId = (r as { sessionId: string }).sessionId;
      return this.rootId;
    });
  }

  isAttached(): boolean {
    return this.root !== null;
  }

  detach(): void {
    const root = this.root;
    this.end();
    void root?.then((sessionId) => this.socket.send('Target.detachFromTarget', { sessionId }).catch(() => undefined));
  }

  async sendCommand(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    if (!this.root) throw new Error('No target available');
    const root = await this.root;
    return this.socket.send(method, params, sessionId || root);
  }

  /** What opening DevTools on the view does to our client: the session ends from outside. */
  async simulateDevToolsOpened(): Promise<void> {
    const root = this.root;
    if (!root) return;
    const sessionId = await root;
    this.end();
    await this.socket.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    this.emit('detach', {}, 'Replaced by DevTools');
  }

  private end(): void {
    this.root = null;
    this.rootId = null;
    this.children.clear();
  }

  private onWire(message: Wire): void {
    if (!message.method || !message.sessionId || !this.rootId) return;
    const fromRoot = message.sessionId === this.rootId;
    if (!fromRoot && !this.children.has(message.sessionId)) return;
    const child = message.params?.sessionId;
    if (message.method === 'Target.attachedToTarget' && typeof child === 'string') this.children.add(child);
    if (message.method === 'Target.detachedFromTarget' && typeof child === 'string') this.children.delete(child);
    for (const listener of this.listeners('message') as MessageListener[]) listener({}, message.method, message.params ?? {}, fromRoot ? '' : message.sessionId);
  }
}

export interface StandInView extends DebuggableContents {
  debugger: StandInDebugger;
}

export interface StandInChromium {
  view: StandInView;
  /** Another CDP client on the same page (to check what the page really is). */
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

function devtoolsUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`chromium printed no DevTools URL: ${text.slice(-500)}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${text.slice(-500)}`)));
  });
}

export async function launchStandIn(executablePath: string): Promise<StandInChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'agentic-standin-'));
  const child = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const ws = new WebSocket(await devtoolsUrl(child));
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  const socket = new BrowserSocket(ws);
  const { targetInfos } = (await socket.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string; title: string }[] };
  const page = targetInfos.find((t) => t.type === 'page');
  if (!page) throw new Error('chromium has no page target');
  const { userAgent } = (await socket.send('Browser.getVersion')) as { userAgent: string };
  // getURL/getTitle are synchronous in Electron: follow the target's info like webContents does.
  let info = { url: page.url, title: page.title };
  await socket.send('Target.setDiscoverTargets', { discover: true });
  socket.events.on('event', (message: Wire) => {
    const changed = message.params?.targetInfo as { targetId: string; url: string; title: string } | undefined;
    if (message.method === 'Target.targetInfoChanged' && changed?.targetId === page.targetId) info = { url: changed.url, title: changed.title };
  });
  const dbg = new StandInDebugger(socket, page.targetId);
  const { sessionId: probe } = (await socket.send('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as { sessionId: string };
  return {
    view: { debugger: dbg, getURL: () => info.url, getTitle: () => info.title, getUserAgent: () => userAgent },
    evaluate: async (expression) => ((await socket.send('Runtime.evaluate', { expression, returnByValue: true }, probe)) as { result: { value: unknown } }).result.value,
    async close() {
      // Browser.close lets Chromium's helper processes end with it, then the profile can go.
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await Promise.race([socket.send('Browser.close').catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
      socket.close();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
