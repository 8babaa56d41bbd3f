// Where the app's files are, for every host. One answer: a packaged app keeps its code in app.asar
// but the router model outside it (native code opens it by path and cannot read inside an asar),
// and the desktop app and the CLI must agree on one models folder so a model is downloaded once.
// Node-only on purpose: the Electron host passes in what only Electron knows, so this is tested
// without an Electron binary, also against a real packaged layout.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppPathsInput {
  host: 'electron' | 'web' | 'cli';
  /** Electron: `app.isPackaged`. */
  packaged?: boolean;
  /** Electron: `app.getAppPath()` (the checkout in development, `…/resources/app.asar` packaged). */
  appPath?: string;
  /** Electron: `process.resourcesPath`, where electron-builder puts extraResources. */
  resourcesPath?: string;
  /** Electron: `app.getPath('userData')`, the platform's folder for this app's data. */
  userData?: string;
  /** The shared home (models, default workspace; and all data of the CLI and web host). Default: $AGENTIC_HOME or ~/.agentic. */
  agenticHome?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

export interface AppPaths {
  /** package.json, prompts/ and out/: the checkout, or app.asar when packaged. */
  appRoot: string;
  prompts: string;
  /** The built renderer (index.html). */
  renderer: string;
  /** resources/ of the checkout, or process.resourcesPath when packaged. */
  resources: string;
  /** Folder holding router.onnx and featurizer.json. */
  router: string;
  /** The model catalogue (JSON). */
  catalog: string;
  /** Sessions, settings, secrets and caches of this host. */
  dataDir: string;
  /** Downloaded GGUF models: the same folder for every host. */
  modelsDir: string;
  /** The workspace used while Settings name none. */
  workspace: string;
}

/** The desktop app's data folder is `<the platform's appData>/agentic` (main.ts sets it so; the CLI finds it here). */
export const DESKTOP_DATA_FOLDER = 'agentic';

/**
 * The desktop app's data folder, as Electron's appData gives it (`$XDG_CONFIG_HOME` or `~/.config`
 * on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows), for the CLI's
 * `--desktop` (the desktop app's checkpoints and sessions).
 */
export function desktopDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const appData =
    platform === 'darwin'
      ? join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? env.APPDATA || join(home, 'AppData', 'Roaming')
        : env.XDG_CONFIG_HOME || join(home, '.config');
  return join(appData, DESKTOP_DATA_FOLDER);
}

export function appPaths(input: AppPathsInput): AppPaths {
  const env = input.env ?? process.env;
  const home = resolve(input.agenticHome ?? (env.AGENTIC_HOME || join(homedir(), '.agentic')));
  const electron = input.host === 'electron';
  if (electron && !input.userData) throw new Error('appPaths: the Electron host must pass userData (app.getPath("userData")).');
  if (electron && input.packaged && (!input.appPath || !input.resourcesPath)) {
    throw new Error('appPaths: a packaged Electron app must pass appPath and resourcesPath.');
  }
  const appRoot = resolve((electron && input.appPath) || findAppRoot());
  // A packaged app's headless run (hosts/cli/headless.ts) finds its code in app.asar: the resources are beside it.
  const resources = electron && input.packaged ? resolve(input.resourcesPath!) : appRoot.endsWith('.asar') ? dirname(appRoot) : join(appRoot, 'resources');
  return {
    appRoot,
    prompts: join(appRoot, 'prompts'),
    renderer: join(appRoot, 'out', 'renderer'),
    resources,
    router: join(resources, 'router'),
    catalog: join(resources, 'models', 'catalog.json'),
    dataDir: electron ? resolve(input.userData!) : home,
    modelsDir: join(home, 'models'),
    workspace: join(home, 'workspace'),
  };
}

/** The folder holding package.json and prompts/, from source (tsx) or a build (out/). */
export function findAppRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(join(dir, 'prompts'))) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'agentic') return dir;
      } catch {
        // keep looking upwards
      }
    }
    dir = dirname(dir);
  }
  throw new Error('Cannot find the application folder (package.json with prompts/).');
}
