// The main window, locked down: isolated, sandboxed, no Node, strict CSP, no navigation, no new
// windows, no permission but the microphone for the app's own page. Its size and position come
// back from the last launch; a crashed renderer offers a reload.
import { BrowserWindow, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../core/ports.js';
import { appPermission } from './permissions.js';
import { offerReloadOnCrash } from './recovery.js';
import { fitWindowState, loadWindowState, saveWindowState } from './windowState.js';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const SIZES = { width: 1280, height: 840, minWidth: 800, minHeight: 560 };

export interface MainWindowOptions {
  outDir: string;
  /** userData/window-state.json */
  stateFile: string;
  logFile: string;
  logger: Logger;
}

function lockPermissions(window: BrowserWindow, isAppUrl: (url: string) => boolean): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : undefined;
    callback(
      appPermission({ permission, fromAppWindow: contents === window.webContents, isMainFrame: details.isMainFrame, requestingUrl: details.requestingUrl, mediaTypes }, isAppUrl),
    );
  });
  ses.setPermissionCheckHandler((contents, permission, _origin, details) =>
    appPermission(
      {
        permission,
        fromAppWindow: contents === window.webContents,
        isMainFrame: details.isMainFrame,
        requestingUrl: details.requestingUrl,
        mediaType: details.mediaType ?? 'unknown',
      },
      isAppUrl,
    ),
  );
  ses.setDevicePermissionHandler(() => false);
}

function restoredBounds(stateFile: string) {
  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays().filter((d) => d.id !== screen.getPrimaryDisplay().id)];
  return fitWindowState(
    loadWindowState(stateFile),
    displays.map((d) => d.workArea),
    SIZES,
  );
}

export function createMainWindow(options: MainWindowOptions): { window: BrowserWindow; isAppUrl: (url: string) => boolean } {
  const indexUrl = pathToFileURL(join(options.outDir, 'renderer', 'index.html')).href;
  const isAppUrl = (url: string) => url.split('#')[0]!.split('?')[0] === indexUrl;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });

  const state = restoredBounds(options.stateFile);
  const window = new BrowserWindow({
    ...SIZES,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    show: false,
    title: 'Agentic',
    backgroundColor: '#111418',
    webPreferences: {
      preload: join(options.outDir, 'preload', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  lockPermissions(window, isAppUrl);
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links in answers open in the user's browser, never inside the app.
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  offerReloadOnCrash(window, options.logFile, options.logger);
  window.on('close', () => {
    try {
      saveWindowState(options.stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      options.logger.warn('window state not saved', { error: String(error) });
    }
  });
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(indexUrl);
  return { window, isAppUrl };
}
