// Electron entry: one app (createApp), one locked-down window, the IPC server.
import { app, BrowserWindow, safeStorage } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type App } from './app.js';
import { appPaths } from './app/paths.js';
import { createEmbeddedBrowser, type EmbeddedBrowser } from './electron/browserView.js';
import { serveIpc } from './electron/ipc.js';
import { createMainWindow } from './electron/window.js';
import { createLogger } from './node/logger.js';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const logger = createLogger({ level: 'info' });
let core: App | null = null;
let embedded: EmbeddedBrowser | null = null;

app.enableSandbox();
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

async function start(): Promise<void> {
  await app.whenReady();
  core = await createApp({
    host: 'electron',
    // Packaged, the router and catalogue sit beside app.asar (resourcesPath), the code inside it (getAppPath).
    paths: appPaths({ host: 'electron', packaged: app.isPackaged, appPath: app.getAppPath(), resourcesPath: process.resourcesPath, userData: app.getPath('userData') }),
    logger,
    cipher: {
      available: () => safeStorage.isEncryptionAvailable(),
      encrypt: (plain) => safeStorage.encryptString(plain),
      decrypt: (data) => safeStorage.decryptString(data),
    },
    // The window (and so its browser view) exists only after the app: these hooks reach it late.
    embeddedBrowser: {
      driverFactory: async () => {
        if (!embedded) throw new Error('The browser view is not ready yet.');
        return embedded.driverFactory();
      },
      setBounds: (rect) => embedded?.setBounds(rect),
      setOverlay: (open) => embedded?.setOverlay(open),
    },
  });
  const open = () => {
    const { window, isAppUrl } = createMainWindow(outDir);
    const stop = serveIpc(window, core!.handlers, core!.subscribe, isAppUrl);
    embedded = createEmbeddedBrowser({ window, logger });
    window.on('closed', () => {
      stop();
      const closing = embedded;
      embedded = null;
      void closing?.dispose();
    });
  };
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', (event) => {
  if (!core) return;
  event.preventDefault();
  const closing = core;
  core = null;
  void closing.dispose().finally(() => app.exit(0));
});

start().catch((error: unknown) => {
  logger.error('start failed', { error: error instanceof Error ? error.message : String(error) });
  app.exit(1);
});
