// Desktop notices from a run with no window (the OS job): the desktop's own notifier where there is
// one; the desktop app shows its own (electron Notification) for the runs it watches.
import { spawn } from 'node:child_process';
import type { Logger } from '../../core/ports.js';
import type { Notice } from './runClaim.js';

function notifierCommand(platform: NodeJS.Platform, n: Notice): [string, string[]] | null {
  if (platform === 'linux') return ['notify-send', ['--app-name=agentic', n.title, n.body]];
  if (platform === 'darwin') return ['osascript', ['-e', `display notification ${JSON.stringify(n.body)} with title ${JSON.stringify(n.title)}`]];
  return null;
}

/** notify-send on Linux desktops, osascript on macOS; nothing elsewhere (the run history says it all). */
export function systemNotifier(logger: Logger, platform: NodeJS.Platform = process.platform): (n: Notice) => void {
  return (n) => {
    const command = notifierCommand(platform, n);
    if (!command) return;
    const child = spawn(command[0], command[1], { stdio: 'ignore' });
    child.on('error', (error) => logger.debug('no desktop notifier', { error: error.message }));
    child.unref();
  };
}
