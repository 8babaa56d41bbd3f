// The web agent's browser inside the app window: a WebContentsView in its own in-memory session
// partition (no preload, sandboxed, every permission denied, no app IPC), driven by puppeteer-core
// over a transport built on webContents.debugger, so no remote-debugging port is ever opened.
import { WebContentsView, type BaseWindow, type WebContents } from 'electron';
import puppeteer, { type Browser, type ConnectionTransport } from 'puppeteer-core';
import type { Logger } from '../core/ports.js';
import type { BrowserDriver } from '../core/web/driver.js';
import { PuppeteerDriver } from '../node/browser/puppeteerDriver.js';

const PARTITION = 'agentic-web';
const TARGET_ID = 'agentic-embedded-view';
const PAGE_SESSION = 'agentic-embedded-view-session';

/**
 * puppeteer expects a browser-level CDP endpoint; the debugger reaches one page. This transport
 * answers the few browser-level Target/Browser commands puppeteer sends on connect as if the
 * browser had exactly this one page, and forwards everything else to the page's debugger.
 */
export class DebuggerTransport implements ConnectionTransport {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  private readonly onDebuggerMessage = (_event: unknown, method: string, params: unknown, sessionId?: string) => {
    this.deliver({ method, params, sessionId: sessionId || PAGE_SESSION });
  };
  private readonly onDetach = () => this.onclose?.();

  constructor(private readonly contents: WebContents) {
    if (!contents.debugger.isAttached()) contents.debugger.attach('1.3');
    contents.debugger.on('message', this.onDebuggerMessage);
    contents.debugger.on('detach', this.onDetach);
  }

  send(raw: string): void {
    const message = JSON.parse(raw) as { id: number; method: string; params?: Record<string, unknown>; sessionId?: string };
    const { id, method, params, sessionId } = message;
    if (sessionId === undefined) {
      this.browserCommand(id, method);
      return;
    }
    const target = sessionId === PAGE_SESSION ? undefined : sessionId;
    this.contents.debugger.sendCommand(method, params ?? {}, target).then(
      (result: unknown) => this.deliver({ id, sessionId, result: result ?? {} }),
      (error: unknown) => this.deliver({ id, sessionId, error: { code: -32000, message: error instanceof Error ? error.message : String(error) } }),
    );
  }

  close(): void {
    this.contents.debugger.off('message', this.onDebuggerMessage);
    this.contents.debugger.off('detach', this.onDetach);
    if (this.contents.debugger.isAttached()) this.contents.debugger.detach();
  }

  private targetInfo() {
    return { targetId: TARGET_ID, type: 'page', title: this.contents.getTitle(), url: this.contents.getURL() || 'about:blank', attached: true, canAccessOpener: false };
  }

  private browserCommand(id: number, method: string): void {
    const reply = (result: unknown) => this.deliver({ id, result });
    switch (method) {
      case 'Browser.getVersion':
        return reply({ protocolVersion: '1.3', product: 'Electron', revision: '', userAgent: this.contents.getUserAgent(), jsVersion: '' });
      case 'Target.getBrowserContexts':
        return reply({ browserContextIds: [] });
      case 'Target.getTargets':
        return reply({ targetInfos: [this.targetInfo()] });
      case 'Target.setDiscoverTargets':
        reply({});
        return this.deliver({ method: 'Target.targetCreated', params: { targetInfo: this.targetInfo() } });
      case 'Target.setAutoAttach':
        reply({});
        return this.deliver({ method: 'Target.attachedToTarget', params: { sessionId: PAGE_SESSION, targetInfo: this.targetInfo(), waitingForDebugger: false } });
      case 'Target.attachToTarget':
        return reply({ sessionId: PAGE_SESSION });
      case 'Target.createTarget':
      case 'Target.createBrowserContext':
      case 'Target.closeTarget':
        return this.deliver({ id, error: { code: -32000, message: `${method}: the embedded browser view is a single page` } });
      default:
        // Browser-wide settings (downloads, permissions) are the session's business here; accept and ignore.
        return reply({});
    }
  }

  private deliver(message: object): void {
    // Asynchronous like a socket: puppeteer registers its callback after send() returns.
    setImmediate(() => this.onmessage?.(JSON.stringify(message)));
  }
}

export interface EmbeddedBrowser {
  view: WebContentsView;
  /** One run at a time owns the view; a second waits for the first to close its driver. */
  driverFactory: () => Promise<BrowserDriver>;
  dispose(): Promise<void>;
}

export function createEmbeddedBrowser(options: { window: BaseWindow; logger: Logger }): EmbeddedBrowser {
  const view = new WebContentsView({
    webPreferences: { partition: PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, spellcheck: false },
  });
  const contents = view.webContents;
  const session = contents.session;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  options.window.contentView.addChildView(view);

  let browser: Promise<Browser> | null = null;
  let queue: Promise<void> = Promise.resolve();
  const connect = () => (browser ??= puppeteer.connect({ transport: new DebuggerTransport(contents), defaultViewport: null }));

  const driverFactory = async (): Promise<BrowserDriver> => {
    let release!: () => void;
    const previous = queue;
    queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      // Fresh state per request: no cookies, storage or history from an earlier one.
      await session.clearStorageData();
      await session.clearCache();
      contents.navigationHistory.clear();
      const page = (await (await connect()).pages())[0];
      if (!page) throw new Error('the embedded browser view has no page');
      return new PuppeteerDriver(page, { logger: options.logger, closePage: false, onClose: async () => release() });
    } catch (error) {
      release();
      throw error;
    }
  };

  return {
    view,
    driverFactory,
    async dispose() {
      const connected = browser;
      browser = null;
      if (connected) await (await connected.catch(() => null))?.disconnect().catch(() => undefined);
      options.window.contentView.removeChildView(view);
      contents.close();
    },
  };
}
