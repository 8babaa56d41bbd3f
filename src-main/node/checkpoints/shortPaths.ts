// Trees deeper than the system's path limit. Checkpoints name every file by its workspace path, and
// the kernel refuses a path of PATH_MAX (4,096) bytes or more: a block that makes a folder tree one
// level at a time (3,000 levels of `d/`) gets below that limit. On Linux such a path is reached in
// hops instead: a folder part-way down is opened (read-only, as a folder) and the rest is addressed
// through it as /proc/self/fd/N/rest, each hop well under the limit. Intermediate links are followed
// exactly as they would be in the whole path (the callers check that folders are real ones).
// Elsewhere (macOS has no /proc) a long path is used as it is and fails as before (deepPaths.ts).
import { closeSync, constants, openSync } from 'node:fs';

/** Each hop's length in bytes: a name (≤ 255 bytes) and the /proc prefix can be added and stay under PATH_MAX. */
const HOP_BYTES = 3072;
const HOPS_WORK = process.platform === 'linux';

/** The open folders a caller's short paths go through; close() when done with those paths. */
export class ShortPaths {
  /** The folders opened, by the path they were opened with: paths of one deep tree share their hops. */
  private readonly fds = new Map<string, number>();

  /** A path to `abs` under the limit (abs itself when it is short, or where hops cannot be made: then the caller's call fails as before). */
  of(abs: string): string {
    // Most paths: no byte count needed (a UTF-16 unit is at most 3 bytes of UTF-8).
    if (!HOPS_WORK || abs.length * 3 < HOP_BYTES || Buffer.byteLength(abs) < HOP_BYTES) return abs;
    let base = '';
    let rest = abs;
    while (Buffer.byteLength(base) + Buffer.byteLength(rest) >= HOP_BYTES) {
      const cut = lastSlashWithin(rest, HOP_BYTES - Buffer.byteLength(base));
      if (cut <= 0) return abs; // no folder boundary to hop at: the call fails as it would have
      const hop = `${base}${rest.slice(0, cut)}`;
      let fd = this.fds.get(hop);
      if (fd === undefined) {
        try {
          fd = openSync(hop, constants.O_RDONLY | constants.O_DIRECTORY);
        } catch {
          return abs; // a folder on the way is gone or not one: the caller's call fails as it would have
        }
        this.fds.set(hop, fd);
      }
      base = `/proc/self/fd/${fd}/`;
      rest = rest.slice(cut + 1);
    }
    return `${base}${rest}`;
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}

/** The index of the last '/' in `text` whose prefix is under `maxBytes` bytes, or -1. */
function lastSlashWithin(text: string, maxBytes: number): number {
  let best = -1;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xdc00 ? 4 : code >= 0xdc00 && code < 0xe000 ? 0 : 3;
    if (bytes >= maxBytes) break;
    if (code === 0x2f) best = i;
  }
  return best;
}

/** Runs `fn` with a short path to `abs`; the folders it went through are closed after. */
export function withShortPath<T>(abs: string, fn: (path: string) => T): T {
  const paths = new ShortPaths();
  try {
    return fn(paths.of(abs));
  } finally {
    paths.close();
  }
}

/** Whether deep paths can be reached here (Linux); elsewhere undo refuses below the limit (deepPaths.ts). */
export const deepPathsReachable = HOPS_WORK;
