// A block's environment, built from an allow-list: locale, time zone, terminal, a PATH of folders the
// sandbox shows, HOME at the block's private home, and the toolchains' own variables. Nothing else of
// the app's environment passes (a GitHub token, a database password or DSN, a cloud key, a proxy
// with credentials), whatever its name.
import path from 'node:path';
import { SYSTEM_DIRS } from './hostLayout.js';
import { BLOCK_MARKER_VAR } from './processTree.js';

/** Host variables that pass as they are. */
const PASSED = new Set(['LANG', 'LANGUAGE', 'TZ', 'JAVA_HOME', 'GOROOT', 'PYENV_ROOT', 'PYENV_VERSION', 'VIRTUAL_ENV']);
const PASSED_PREFIX = /^LC_[A-Z_]+$/;
const TERM_ENV = { TERM: 'xterm-256color', COLORTERM: 'truecolor', PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' };

export interface BlockEnvOptions {
  /** The block's private home; HOME and the caches point into it. */
  home: string | null;
  sandboxed: boolean;
  /** As root the block runs as nobody inside the sandbox. */
  runsAsNobody: boolean;
  /** Folders the sandbox shows, besides the system ones: PATH keeps only entries inside them. */
  visible: readonly string[];
}

const isInside = (root: string, p: string) => p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);

/** The host PATH without folders the sandbox does not show (~/.cargo/bin is not there; /usr/bin is). */
function sandboxPath(hostPath: string, options: Pick<BlockEnvOptions, 'visible' | 'sandboxed'>): string {
  const entries = hostPath.split(path.delimiter).filter((e) => e !== '' && path.isAbsolute(e));
  const shown = (e: string) => SYSTEM_DIRS.some((d) => isInside(d, e)) || options.visible.some((v) => isInside(v, e));
  const kept = options.sandboxed ? entries.filter(shown) : entries;
  const unique = [...new Set(kept)];
  return (unique.length > 0 ? unique : ['/usr/local/bin', '/usr/bin', '/bin']).join(path.delimiter);
}

export function blockEnv(extra: Record<string, string> | undefined, marker: string, options: BlockEnvOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && (PASSED.has(k) || PASSED_PREFIX.test(k))) env[k] = v;
  const user = options.runsAsNobody ? 'nobody' : (process.env.USER ?? process.env.LOGNAME ?? 'user');
  env.PATH = sandboxPath(process.env.PATH ?? '', options);
  env.USER = user;
  env.LOGNAME = user;
  env.TMPDIR = options.sandboxed ? '/tmp' : (process.env.TMPDIR ?? '/tmp');
  if (options.home) {
    Object.assign(env, {
      HOME: options.home,
      XDG_CACHE_HOME: path.join(options.home, '.cache'),
      XDG_CONFIG_HOME: path.join(options.home, '.config'),
      XDG_DATA_HOME: path.join(options.home, '.local', 'share'),
      MPLCONFIGDIR: path.join(options.home, '.cache', 'matplotlib'),
    });
  }
  return { ...env, ...TERM_ENV, ...extra, [BLOCK_MARKER_VAR]: marker };
}
