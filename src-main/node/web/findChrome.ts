// Finds a system Chrome or Chromium: nothing is downloaded, the user's own browser binary is used.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function chromeCandidates(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = [env.AGENTIC_CHROME, env.CHROME_PATH, env.PUPPETEER_EXECUTABLE_PATH].filter((p): p is string => !!p);
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      'Brave Browser.app/Contents/MacOS/Brave Browser',
    ];
    return [...fromEnv, ...apps.map((a) => `/Applications/${a}`), ...apps.map((a) => join(env.HOME ?? '', 'Applications', a))];
  }
  if (platform === 'win32') {
    const roots = [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((p): p is string => !!p);
    const rel = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
      'BraveSoftware\\Brave-Browser\\Application\\brave.exe',
    ];
    return [...fromEnv, ...roots.flatMap((root) => rel.map((r) => `${root}\\${r}`))];
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'brave-browser'];
  const dirs = ['/usr/bin', '/usr/local/bin', '/snap/bin', '/opt/google/chrome'];
  return [...fromEnv, ...dirs.flatMap((d) => names.map((n) => `${d}/${n}`)), '/opt/google/chrome/chrome'];
}

/** The first existing browser binary, or null. */
export function findChrome(platform?: NodeJS.Platform, env?: NodeJS.ProcessEnv, exists: (path: string) => boolean = existsSync): string | null {
  return chromeCandidates(platform, env).find((path) => exists(path)) ?? null;
}
