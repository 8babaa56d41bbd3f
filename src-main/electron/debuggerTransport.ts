// puppeteer-core over Electron's webContents.debugger, so no remote-debugging port is ever opened.
// No 'electron' import: the transport depends on the small part of webContents it uses, so a test
// runs it over a real Chromium CDP session shaped like Electron's debugger.
import type { ConnectionTransport } from 'puppeteer-core';

/** What Electron's `webContents.debugger` offers (electron.d.ts, class Debugger). */
export interface DebuggerLike {
  attach(protocolVersion?: string): void;
  isAttached(): boolean;
  detach(): void;
  /** No sessionId: the page itself; a sessionId: a child session the page auto-attached (iframe, worker). */
  sendCommand(method: string, commandParams?: object, sessionId?: string): Promise<unknown>;
  on(event: 'message', listener: (event: unknown, method: string, params: unknown, sessionId: string) => void): unknown;
  on(event: 'detach', listener: (event: unknown, reason: string) => void): unknown;
  off(event: 'message', listener: (event: unknown, method: string, params: unknown, sessionId: string) => void): unknown;
  off(event: 'detach', listener: (event: unknown, reason: string) => void): unknown;
}

/** The part of webContents the transport reads. */
export interface DebuggableContents {
  debugger: DebuggerLike;
  getURL(): string;
  getTitle(): string;
  getUserAgent(): string;
}

export const VIEW_TARGET_ID = 'agentic-embedded-view';

interface Incoming {
  id: number;
  method: string;
  params?: Record<string, unknown>;
  sessionId?: string;
}

/**
 * puppeteer expects a browser-level CDP endpoint; the debugger reaches one page. This transport
 * answers the browser-level Target/Browser commands as a browser with exactly this one page
 * would, and forwards everything else to the page's debugger. Like a real browser it announces a
 * target or a session (an event) before it answers the command that caused it: puppeteer looks
 * the session up when the answer arrives, and its connect() resolves on the setAutoAttach answer.
 * Every attach request gets a fresh virtual session over the one real page session, so detaching
 * one (the page reader does) never closes another.
 */
export class DebuggerTransport implements ConnectionTransport {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  /** Virtual sessions over the page's own (root) debugger session; the first is puppeteer's page session. */
  private readonly virtual = new Set<string>();
  private primary: string | null = null;
  private nextSession = 1;
  private closed = false;
  private readonly attachedHere: boolean;
  private readonly onDebuggerMessage = (_event: unknown, method: string, params: unknown, sessionId: string) => this.fromPage(method, params, sessionId);
  private readonly onDetach = () => this.shutDown();

  constructor(private readonly contents: DebuggableContents) {
    const dbg = contents.debugger;
    this.attachedHere = !dbg.isAttached();
    // Throws when another client (DevTools) holds the page: the caller reports it.
    if (this.attachedHere) dbg.attach('1.3');
    dbg.on('message', this.onDebuggerMessage);
    dbg.on('detach', this.onDetach);
  }

  send(raw: string): void {
    if (this.closed) return;
    const { id, method, params, sessionId } = JSON.parse(raw) as Incoming;
    if (sessionId === undefined) return this.browserCommand(id, method, params ?? {});
    if (this.virtual.has(sessionId)) {
      // Detaching a virtual session from itself is how puppeteer's CDPSession.detach() may arrive too.
      if (method === 'Target.detachFromTarget' && params?.sessionId === sessionId) return this.detachVirtual(id, sessionId, sessionId);
      return this.forward(id, method, params, sessionId, undefined);
    }
    return this.forward(id, method, params, sessionId, sessionId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unlisten();
    if (this.attachedHere && this.contents.debugger.isAttached()) this.contents.debugger.detach();
  }

  private forward(id: number, method: string, params: object | undefined, replySession: string, target: string | undefined): void {
    this.contents.debugger.sendCommand(method, params ?? {}, target).then(
      (result: unknown) => this.deliver({ id, sessionId: replySession, result: result ?? {} }),
      (error: unknown) => this.deliver({ id, sessionId: replySession, error: { code: -32000, message: error instanceof Error ? error.message : String(error) } }),
    );
  }

  /** Root-session events reach every virtual session (each may have listeners, e.g. a screencast); Target.* only the primary. */
  private fromPage(method: string, params: unknown, sessionId: string): void {
    if (this.closed) return;
    if (sessionId) return this.deliver({ method, params, sessionId });
    if (method.startsWith('Target.')) {
      if (this.primary) this.deliver({ method, params, sessionId: this.primary });
      return;
    }
    for (const session of this.virtual) this.deliver({ method, params, sessionId: session });
  }

  private targetInfo() {
    return { targetId: VIEW_TARGET_ID, type: 'page', title: this.contents.getTitle(), url: this.contents.getURL() || 'about:blank', attached: true, canAccessOpener: false };
  }

  private attachVirtual(): string {
    const sessionId = `agentic-view-session-${this.nextSession++}`;
    this.virtual.add(sessionId);
    this.primary ??= sessionId;
    this.deliver({ method: 'Target.attachedToTarget', params: { sessionId, targetInfo: this.targetInfo(), waitingForDebugger: false } });
    return sessionId;
  }

  private detachVirtual(id: number, sessionId: string, replySession: string | undefined): void {
    if (!this.virtual.delete(sessionId)) return this.deliver({ id, sessionId: replySession, error: { code: -32602, message: `No session with given id: ${sessionId}` } });
    if (this.primary === sessionId) this.primary = null;
    this.deliver({ method: 'Target.detachedFromTarget', params: { sessionId, targetId: VIEW_TARGET_ID } });
    this.deliver({ id, sessionId: replySession, result: {} });
  }

  private browserCommand(id: number, method: string, params: Record<string, unknown>): void {
    const reply = (result: unknown) => this.deliver({ id, result });
    switch (method) {
      case 'Browser.getVersion':
        return reply({ protocolVersion: '1.3', product: 'Electron', revision: '', userAgent: this.contents.getUserAgent(), jsVersion: '' });
      case 'Target.getBrowserContexts':
        return reply({ browserContextIds: [] });
      case 'Target.getTargets':
        return reply({ targetInfos: [this.targetInfo()] });
      case 'Target.setDiscoverTargets':
        this.deliver({ method: 'Target.targetCreated', params: { targetInfo: this.targetInfo() } });
        return reply({});
      case 'Target.setAutoAttach':
        if (this.primary === null) this.attachVirtual();
        return reply({});
      case 'Target.attachToTarget':
        if (params.targetId !== VIEW_TARGET_ID) return this.deliver({ id, error: { code: -32602, message: `No target with given id: ${String(params.targetId)}` } });
        return reply({ sessionId: this.attachVirtual() });
      case 'Target.detachFromTarget':
        return this.detachVirtual(id, String(params.sessionId), undefined);
      case 'Target.createTarget':
      case 'Target.createBrowserContext':
      case 'Target.closeTarget':
        return this.deliver({ id, error: { code: -32000, message: `${method}: the embedded browser view is a single page` } });
      default:
        // Browser-wide settings (downloads, permissions) are the view's session's business here; accept and ignore.
        return reply({});
    }
  }

  /** The debugger went away (DevTools opened on the view, the view closed): the connection is over. */
  private shutDown(): void {
    if (this.closed) return;
    this.closed = true;
    this.unlisten();
    // At once: a request that starts right after the detach must not get this connection.
    this.onclose?.();
  }

  private unlisten(): void {
    this.contents.debugger.off('message', this.onDebuggerMessage);
    this.contents.debugger.off('detach', this.onDetach);
  }

  private deliver(message: object): void {
    // Asynchronous like a socket (puppeteer registers its callback after send() returns), in order.
    setImmediate(() => {
      if (!this.closed) this.onmessage?.(JSON.stringify(message));
    });
  }
}
