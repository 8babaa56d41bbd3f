// The process limit of a block when the app runs as root. RLIMIT_NPROC does not apply to processes
// of the host's root user (the kernel exempts uid 0 even without capabilities), so there a pids
// cgroup per block holds the limit, where the cgroup file system lets the app make one (cgroup v1's
// pids hierarchy, or a v2 cgroup of the app's whose subtree has the pids controller). Elsewhere the
// limit is RLIMIT_NPROC alone, which counts per user namespace on Linux ≥ 5.14.
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { blocksFolder, writable } from './cgroupFolder.js';
import { applyMemoryLimit } from './memoryCgroup.js';

const V1 = '/sys/fs/cgroup/pids';
const V2 = '/sys/fs/cgroup';

/** The folder under which per-block cgroups are made, or null where none can be. */
export async function detectPidsCgroup(): Promise<string | null> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  if (await writable(path.join(V1, 'cgroup.procs'))) return blocksFolder(path.join(V1, 'agentic-blocks'));
  const own = /^0::(\/.*)$/m.exec(await readFile('/proc/self/cgroup', 'utf8').catch(() => ''))?.[1];
  if (!own) return null;
  const dir = path.join(V2, own);
  const subtree = await readFile(path.join(dir, 'cgroup.subtree_control'), 'utf8').catch(() => '');
  return subtree.split(/\s+/).includes('pids') && (await writable(dir)) ? dir : null;
}

export interface BlockCgroup {
  /** The cgroup.procs file a launcher writes its own PID into before it executes the sandbox. */
  procs: string;
  dispose(): Promise<void>;
}

/**
 * A cgroup for one block with pids.max set (when maxPids is given) and a memory limit (when
 * memoryBytes is: memoryCgroup.ts); null when it cannot be made (the block runs without).
 */
export async function blockCgroup(base: string, id: string, maxPids: number | null, memoryBytes: number | null = null): Promise<BlockCgroup | null> {
  const dir = path.join(base, `block-${process.pid}-${id}`);
  try {
    await mkdir(dir);
    if (maxPids !== null) await writeFile(path.join(dir, 'pids.max'), String(maxPids));
    if (memoryBytes !== null) await applyMemoryLimit(dir, memoryBytes);
  } catch {
    await rmdir(dir).catch(() => {});
    return null;
  }
  return {
    procs: path.join(dir, 'cgroup.procs'),
    dispose: async () => {
      // Empty once the PID namespace is gone; the kernel may take a moment to reap the last process.
      for (let i = 0; i < 20; i++) {
        if (
          await rmdir(dir).then(
            () => true,
            (e: NodeJS.ErrnoException) => e.code === 'ENOENT',
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

/**
 * The block's cgroups: its pids cgroup (as root) and its memory cgroup, one cgroup holding both where
 * they share a hierarchy (cgroup v2: a process is in one cgroup only). Those that cannot be made are
 * left out, and the block runs under the fallback limits.
 */
export async function blockCgroups(
  bases: { pids?: string | null; memory?: string | null },
  id: string,
  limits: { processes: number; memoryBytes: number },
): Promise<BlockCgroup[]> {
  const { pids, memory } = bases;
  if (pids && pids === memory) return [await blockCgroup(pids, id, limits.processes, limits.memoryBytes)].filter((c): c is BlockCgroup => c !== null);
  const made = await Promise.all([pids ? blockCgroup(pids, id, limits.processes) : null, memory ? blockCgroup(memory, id, null, limits.memoryBytes) : null]);
  return made.filter((c): c is BlockCgroup => c !== null);
}
