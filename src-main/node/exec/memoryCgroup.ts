// The memory budget of a whole block: a memory cgroup per block holds every page its processes use,
// shared memory (/dev/shm, memfd, SysV segments, MAP_SHARED) and the files of its tmpfs folders (/tmp,
// the private home) included, where RLIMIT_DATA bounds each process's private memory only. Made
// inside the app's own memory cgroup (cgroup v1's memory hierarchy, or a v2 cgroup whose subtree has
// the memory controller), so the machine's own limits on the app still hold. Where none can be made
// (an unprivileged app without a delegated cgroup), the fallback is RLIMIT_DATA per process and the
// sized tmpfs folders: docs/sandbox.md says what that leaves open.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { blocksFolder, writable } from './cgroupFolder.js';

const V1 = '/sys/fs/cgroup/memory';
const V2 = '/sys/fs/cgroup';
const MIB = 1024 * 1024;

/** The folder under which per-block memory cgroups are made, or null where none can be. */
export async function detectMemoryCgroup(): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  const own = await readFile('/proc/self/cgroup', 'utf8').catch(() => '');
  const v1 = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(\/.*)$/m.exec(own)?.[1];
  const v2 = /^0::(\/.*)$/m.exec(own)?.[1];
  if (v1 !== undefined && (await writable(path.join(V1, v1, 'cgroup.procs')))) return blocksFolder(path.join(V1, v1, 'agentic-blocks'));
  if (v2 === undefined) return null;
  const dir = path.join(V2, v2);
  const subtree = await readFile(path.join(dir, 'cgroup.subtree_control'), 'utf8').catch(() => '');
  return subtree.split(/\s+/).includes('memory') && (await writable(dir)) ? dir : null;
}

/** The files that set a limit of `bytes` on a cgroup of this version, swap included (none, for v1's memsw, where the kernel lacks swap accounting). */
async function memoryLimitFiles(dir: string, bytes: number): Promise<[string, string][]> {
  if (dir.startsWith(`${V1}/`)) {
    const files: [string, string][] = [['memory.limit_in_bytes', String(bytes)]];
    if (await writable(path.join(dir, 'memory.memsw.limit_in_bytes'))) files.push(['memory.memsw.limit_in_bytes', String(bytes)]);
    return files;
  }
  return [
    ['memory.max', String(bytes)],
    ['memory.swap.max', '0'],
  ];
}

export const memoryBytes = (mib: number): number => mib * MIB;

/** Writes the limit files in order (memsw must not be set below the limit: the plain one goes first). */
export async function applyMemoryLimit(dir: string, bytes: number): Promise<void> {
  for (const [file, value] of await memoryLimitFiles(dir, bytes)) {
    await writeFile(path.join(dir, file), value).catch((error: NodeJS.ErrnoException) => {
      // cgroup v2 without swap accounting has no memory.swap.max: the plain limit still holds.
      if (!(file === 'memory.swap.max' && error.code === 'ENOENT')) throw error;
    });
  }
}
