// What the user sees when something breaks: a native dialog that names the log file, never a
// silent exit; a crashed window offers to reload.
import { app, dialog, type BrowserWindow } from 'electron';
import type { Logger } from '../core/ports.js';

/** The app could not start: say why and where the log is, then exit. */
export function showStartupFailure(error: unknown, logFile: string): void {
  const message = error instanceof Error ? error.message : String(error);
  // showErrorBox is synchronous and works before 'ready' too (on Linux it then prints to stderr).
  dialog.showErrorBox('Agentic could not start', `${message}\n\nThe log file has the details:\n${logFile}`);
}

/** The page's renderer process died (crash, out of memory, killed): offer a reload instead of a dead window. */
export function offerReloadOnCrash(window: BrowserWindow, logFile: string, logger: Logger): void {
  window.webContents.on('render-process-gone', (_event, details) => {
    logger.error('renderer process gone', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    void dialog
      .showMessageBox(window, {
        type: 'error',
        title: 'Agentic',
        message: 'The window stopped working.',
        detail: `Reason: ${details.reason} (exit code ${details.exitCode}). Your sessions are saved. The log file is ${logFile}.`,
        buttons: ['Reload', 'Quit'],
        defaultId: 0,
        cancelId: 1,
      })
      .then(({ response }) => {
        if (window.isDestroyed()) return;
        if (response === 0) window.webContents.reload();
        else app.quit();
      });
  });
}
