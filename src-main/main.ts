// Electron entry: one instance, one app (createApp), one locked-down window, the IPC server, the
// application menu, a rotated log file under the user-data folder, and a native dialog (never a
// silent exit) when the app cannot start.
import { app, BrowserWindow, dialog, Menu, safeStorage, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type App } from './app/index.js';
import { appPaths, DESKTOP_DATA_FOLDER } from './app/paths.js';
import { createEmbeddedBrowser, type EmbeddedBrowser } from './electron/browserView.js';
import { DropGrants } from './electron/drop.js';
import { scheduleNotifier } from './electron/notify.js';
import { serveIpc } from './electron/ipc.js';
import { adoptLoginShellPath } from './electron/loginShellPath.js';
import { menuTemplate } from './electron/menu.js';
import { showStartupFailure } from './electron/recovery.js';
import { safeStorageCipher } from './electron/secretsCipher.js';
import { createMainWindow } from './electron/window.js';
import { registerVoiceHotkey } from './electron/globalShortcut.js';
import { createLogger, rotatingFileSink, teeSinks } from './node/logger.js';
import { HEADLESS_FLAG } from './node/schedule/os/jobSpec.js';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Test hooks (tests/electron): a throw-away user-data folder and a replay file. A packaged build
// ignores them, so no environment variable can point a user's app at other data or a fake model.
const testUserData = app.isPackaged ? undefined : process.env.AGENTIC_TEST_USER_DATA;
const testReplay = app.isPackaged ? undefined : process.env.AGENTIC_TEST_REPLAY;
// Before anything reads userData (the single-instance lock is keyed on it too).
// Otherwise `<appData>/agentic` whatever the product name, so the CLI's --desktop finds it (app/paths.ts).
app.setPath('userData', testUserData ?? join(app.getPath('appData'), DESKTOP_DATA_FOLDER));

const logFile = join(app.getPath('userData'), 'logs', 'main.log');
const logger = createLogger({ level: 'info', sink: teeSinks((line) => process.stderr.write(line + '\n'), rotatingFileSink({ file: logFile })) });
let core: App | null = null;
let embedded: EmbeddedBrowser | null = null;
let mainWindow: BrowserWindow | null = null;
const drops = new DropGrants();

async function start(): Promise<void> {
  await app.whenReady();
  const path = await adoptLoginShellPath();
  if (path) logger.info('PATH taken from the login shell', { path: path.after });
  app.setAboutPanelOptions({ applicationName: 'Agentic', applicationVersion: app.getVersion() });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ platform: process.platform, appName: 'Agentic', devTools: !app.isPackaged, about: () => app.showAboutPanel() })));
  core = await createApp({
    host: 'electron',
    // Packaged, the router and catalogue sit beside app.asar (resourcesPath), the code inside it (getAppPath).
    // Test hooks keep the shared models folder and workspace in the throw-away folder too.
    paths: appPaths({
      host: 'electron',
      packaged: app.isPackaged,
      appPath: app.getAppPath(),
      resourcesPath: process.resourcesPath,
      userData: app.getPath('userData'),
      agenticHome: testUserData,
    }),
    logger,
    replayFile: testReplay,
    cipher: safeStorageCipher(safeStorage),
    droppedPaths: () => drops.take(),
    notify: scheduleNotifier(() => mainWindow),
    pickPath: async (kind) => {
      const options: Electron.OpenDialogOptions =
        kind === 'folder'
          ? { title: 'Choose the workspace folder', properties: ['openDirectory', 'createDirectory'] }
          : { title: 'Open a GGUF model', properties: ['openFile'], filters: [{ name: 'GGUF models', extensions: ['gguf'] }] };
      const picked = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    // The workspace panel's "Show in folder": the path was resolved inside the workspace by the handler.
    revealPath: (fullPath) => shell.showItemInFolder(fullPath),
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
  logger.info('app started', { userData: app.getPath('userData'), logFile, testHooks: !!(testUserData || testReplay) });
  const open = () => {
    const { window, isAppUrl } = createMainWindow({ outDir, stateFile: join(app.getPath('userData'), 'window-state.json'), logFile, logger });
    mainWindow = window;
    const stop = serveIpc(window, core!.handlers, core!.subscribe, isAppUrl, { onDrop: (paths) => drops.grant(paths) });
    embedded = createEmbeddedBrowser({ window, logger });
    window.on('closed', () => {
      stop();
      mainWindow = null;
      const closing = embedded;
      embedded = null;
      void closing?.dispose();
    });
  };
  open();
  registerVoiceHotkey(() => mainWindow, core);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
}

const headless = process.argv.indexOf(HEADLESS_FLAG);
if (headless >= 0) {
  // An OS job started the packaged app to run a schedule (node/schedule/os/jobSpec.ts): no window,
  // no single-instance lock (the open app steps aside through the run's claim), then exit.
  app.dock?.hide();
  import('./hosts/cli/headless.js')
    .then((m) => m.runHeadless(process.argv.slice(headless + 1)))
    .then(
      (code) => app.exit(code),
      (error: unknown) => {
        logger.error('headless run failed to start', { error: String(error) });
        app.exit(1);
      },
    );
} else if (!app.requestSingleInstanceLock()) {
  // Another instance owns this user-data folder: it focuses its window (second-instance), we leave.
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
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
  start().catch(async (error: unknown) => {
    logger.error('start failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await app.whenReady().catch(() => undefined);
    showStartupFailure(error, logFile);
    app.exit(1);
  });
}
