// Drops from the operating system. The preload reads the real paths from a trusted drop event and
// sends them here; the page then asks main to import "the last drop" (workspace.importDropped) and
// never names a path itself, so a compromised page cannot copy ~/.ssh into the workspace. No
// 'electron' import: ipc.ts feeds it.

const MAX_PATHS = 1000;
const MAX_PATH_CHARS = 4096;
/** A drop the page did not ask to import within this time is forgotten. */
const GRANT_TTL_MS = 30_000;

/** The paths of a drop message if it is well-formed (absolute, bounded), else null. */
export function parseDropMessage(payload: unknown, isAbsolute: (path: string) => boolean): string[] | null {
  if (!Array.isArray(payload) || payload.length === 0 || payload.length > MAX_PATHS) return null;
  const paths: string[] = [];
  for (const path of payload) {
    if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_CHARS || path.includes('\0') || !isAbsolute(path)) return null;
    paths.push(path);
  }
  return paths;
}

export class DropGrants {
  private pending: { paths: string[]; at: number } | null = null;
  private waiters: ((paths: string[]) => void)[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** A trusted drop arrived from the preload. */
  grant(paths: string[]): void {
    const waiter = this.waiters.shift();
    if (waiter) return waiter(paths);
    this.pending = { paths, at: this.now() };
  }

  /**
   * The last drop's paths, once. The preload's message and the page's command travel on the same
   * IPC pipe in that order, but wait briefly rather than rely on it; nothing arrives: nothing to do.
   */
  take(waitMs = 1_000): Promise<string[]> {
    const pending = this.pending;
    this.pending = null;
    if (pending && this.now() - pending.at <= GRANT_TTL_MS) return Promise.resolve(pending.paths);
    return new Promise((resolve) => {
      const waiter = (paths: string[]) => {
        clearTimeout(timer);
        resolve(paths);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve([]);
      }, waitMs);
      this.waiters.push(waiter);
    });
  }
}
