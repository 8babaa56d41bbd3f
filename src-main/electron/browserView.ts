// The web agent's browser inside the app window: a WebContentsView in its own in-memory session
// partition (no preload, sandboxed, every permission denied, no app IPC), driven by puppeteer-core
// over a transport built on webContents.debugger (debuggerTransport.ts), so no remote-debugging port
// is ever opened. Hardened: http/https only, file drops and JavaScript dialogs go nowhere, no
// downloads, no pop-ups. Hidden while the page shows an overlay (settings, approval, any dialog).
import { WebContentsView, type BaseWindow } from 'electron';
import type { Logger } from '../core/ports.js';
import type { BrowserDriver } from '../core/web/driver.js';
import { denyAll } from './permissions.js';
import { createViewDrivers } from './viewDriver.js';
import { viewNavigationAllowed, viewRequestAllowed } from './viewPolicy.js';

/** Not `persist:`: cookies and storage live in memory and die with the app. */
export const VIEW_PARTITION = 'agentic-web';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EmbeddedBrowser {
  view: WebContentsView;
  /** One run at a time owns the view; a second waits for the first to close its driver. */
  driverFactory: () => Promise<BrowserDriver>;
  /** Where the page wants the view (the browser pane); applied unless an overlay hides it. */
  setBounds(rect: Rect): void;
  /** Whether the page shows an overlay (drawer, dialog) that the native view would draw over. */
  setOverlay(open: boolean): void;
  dispose(): Promise<void>;
}

function harden(view: WebContentsView, logger: Logger): void {
  const contents = view.webContents;
  const session = contents.session;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(denyAll()));
  session.setPermissionCheckHandler(() => denyAll());
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event, item) => {
    event.preventDefault();
    logger.info('embedded browser view: download refused', { url: item.getURL() });
  });
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !viewRequestAllowed(details.url, details.resourceType) }));
  // A file dropped on the page would navigate it to file://; a page's own link to another scheme too.
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!viewNavigationAllowed(url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-frame-navigate', (details) => guard(details, details.url));
  contents.on('will-redirect', guard);
  // beforeunload prompts never block the agent or the user.
  contents.on('will-prevent-unload', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function createEmbeddedBrowser(options: { window: BaseWindow; logger: Logger }): EmbeddedBrowser {
  const view = new WebContentsView({
    webPreferences: { partition: VIEW_PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, spellcheck: false, disableDialogs: true },
  });
  harden(view, options.logger);
  const contents = view.webContents;
  const session = contents.session;
  options.window.contentView.addChildView(view);

  let wanted: Rect = { x: 0, y: 0, width: 0, height: 0 };
  let overlay = false;
  const apply = () => {
    const r = overlay ? { x: 0, y: 0, width: 0, height: 0 } : wanted;
    view.setBounds({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) });
    view.setVisible(!overlay && r.width > 0 && r.height > 0);
  };
  apply();

  const drivers = createViewDrivers({
    contents,
    logger: options.logger,
    // Fresh state per request: no cookies, storage or history from an earlier one.
    resetState: async () => {
      await session.clearStorageData();
      await session.clearCache();
      contents.navigationHistory.clear();
    },
  });

  return {
    view,
    driverFactory: drivers.driverFactory,
    setBounds(rect) {
      wanted = rect;
      apply();
    },
    setOverlay(open) {
      overlay = open;
      apply();
    },
    async dispose() {
      await drivers.dispose();
      options.window.contentView.removeChildView(view);
      contents.close();
    },
  };
}
