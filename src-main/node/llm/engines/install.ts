// Installs a downloaded GPU engine (llama.cpp's CUDA build) into the engines folder:
//   downloads/<package>-<version>.tgz[.part]  what was fetched (resumed with HTTP Range after a pause)
//   <kind>-<version>-<id>/node_modules/…       one unpacked install; several may exist for a moment
//   <kind>.json                                which install is current (folder, version, packages)
// The pointer file is replaced by a rename only after every package verified against the lock's
// integrity and unpacked completely, so the previous install stays the one in use until then, and
// a failure at any step (a mismatch, a full disk, a cancel) removes what it unpacked.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../common/errors.js';
import { downloadFile, type DownloadProgress } from '../download.js';
import type { EnginePackage } from './manifest.js';
import { extractPackage, type OpenForWrite } from './tarball.js';

export type DownloadableEngine = 'cuda';

export interface EnginePointer {
  kind: DownloadableEngine;
  version: string;
  folder: string;
  packages: string[];
}

export interface EngineInstallProgress extends DownloadProgress {
  phase: 'download' | 'verify' | 'unpack' | 'done';
  package: string;
  /** Bytes of all packages together, where the server announced them. */
  index: number;
  count: number;
}

export interface InstallOptions {
  root: string;
  kind: DownloadableEngine;
  packages: EnginePackage[];
  signal: AbortSignal;
  onProgress?: (progress: EngineInstallProgress) => void;
  retryDelayMs?: number;
  /** Tests stand in for a full disk here. */
  openFile?: OpenForWrite;
}

const pointerFile = (root: string, kind: DownloadableEngine) => join(root, `${kind}.json`);
const tarballFile = (root: string, pkg: EnginePackage) => join(root, 'downloads', `${pkg.name.split('/').pop()}-${pkg.version}.tgz`);

/** The current install of `kind`, when its pointer and folder are both there (sync: the module resolver reads it too). */
export function installedEngine(root: string, kind: DownloadableEngine): EnginePointer | null {
  try {
    const pointer = JSON.parse(readFileSync(pointerFile(root, kind), 'utf8')) as EnginePointer;
    return existsSync(join(root, pointer.folder, 'node_modules')) ? pointer : null;
  } catch {
    return null;
  }
}

/** `sha512-<base64>` (the lock's form) of a file. */
export async function integrityOf(path: string, algorithm = 'sha512'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `${algorithm}-${hash.digest('base64')}`;
}

function diskFull(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOSPC' || /ENOSPC/.test(String((error as { cause?: unknown }).cause ?? ''));
}

async function fetchVerified(options: InstallOptions, pkg: EnginePackage, report: (p: Omit<EngineInstallProgress, 'index' | 'count'>) => void): Promise<string> {
  const dest = tarballFile(options.root, pkg);
  await mkdir(join(options.root, 'downloads'), { recursive: true });
  const algorithm = pkg.integrity.split('-')[0]!;
  if (!existsSync(dest)) {
    await downloadFile({
      url: pkg.url,
      dest,
      signal: options.signal,
      sha256: null,
      retryDelayMs: options.retryDelayMs,
      onProgress: (p) => report({ ...p, phase: 'download', package: pkg.name }),
    });
  }
  report({ phase: 'verify', package: pkg.name, receivedBytes: 0, totalBytes: null });
  if ((await integrityOf(dest, algorithm)) !== pkg.integrity) {
    await rm(dest, { force: true });
    throw new AppError('CHECKSUM_MISMATCH', `${pkg.name}@${pkg.version} does not match the integrity hash package-lock.json pins: it was deleted and nothing was installed.`);
  }
  return dest;
}

/** Checks the unpacked package is the one asked for (name and version in its package.json). */
async function checkUnpacked(dir: string, pkg: EnginePackage): Promise<void> {
  const meta = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
  if (meta.name !== pkg.name || meta.version !== pkg.version) {
    throw new AppError('CHECKSUM_MISMATCH', `The unpacked package is ${meta.name}@${meta.version}, not ${pkg.name}@${pkg.version}.`);
  }
}

/** Downloads (resuming), verifies, unpacks and switches to `packages`; returns the new pointer. */
export async function installEngine(options: InstallOptions): Promise<EnginePointer> {
  const { root, kind, packages } = options;
  if (packages.length === 0) throw new AppError('NOT_FOUND', `This platform has no ${kind} build to download.`);
  const version = packages[0]!.version;
  const folder = `${kind}-${version}-${randomBytes(4).toString('hex')}`;
  const staging = join(root, `.staging-${folder}`);
  try {
    const tarballs: string[] = [];
    for (const [index, pkg] of packages.entries()) {
      tarballs.push(await fetchVerified(options, pkg, (p) => options.onProgress?.({ ...p, index, count: packages.length })));
    }
    for (const [index, pkg] of packages.entries()) {
      options.onProgress?.({ phase: 'unpack', package: pkg.name, receivedBytes: 0, totalBytes: null, index, count: packages.length });
      const dir = join(staging, 'node_modules', ...pkg.name.split('/'));
      await extractPackage(tarballs[index]!, dir, options.openFile);
      await checkUnpacked(dir, pkg);
      if (options.signal.aborted) throw new AppError('CANCELLED', 'Cancelled; nothing was installed.');
    }
    const previous = installedEngine(root, kind);
    await rename(staging, join(root, folder));
    const pointer: EnginePointer = { kind, version, folder, packages: packages.map((p) => p.name) };
    const temporary = `${pointerFile(root, kind)}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(pointer, null, 2));
    await rename(temporary, pointerFile(root, kind));
    // The old build may still be loaded (Windows keeps its DLLs locked): removed when it can be.
    if (previous && previous.folder !== folder) await rm(join(root, previous.folder), { recursive: true, force: true }).catch(() => undefined);
    for (const tgz of tarballs) await rm(tgz, { force: true });
    options.onProgress?.({ phase: 'done', package: packages.at(-1)!.name, receivedBytes: 0, totalBytes: null, index: packages.length - 1, count: packages.length });
    return pointer;
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    if (diskFull(error)) {
      throw new AppError(
        'DOWNLOAD_FAILED',
        `The disk is full: the ${kind} build needs about ${kind === 'cuda' ? '1 GB' : 'some'} free in ${root}. Nothing was installed; free some space and run it again (the download resumes where it stopped).`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Removes the install and any download in progress (cancel, or `engines rm`). Returns whether anything was there. */
export async function removeEngine(root: string, kind: DownloadableEngine, packages: EnginePackage[]): Promise<boolean> {
  const current = installedEngine(root, kind);
  // The pointer goes first: from then on nothing resolves to the folder, even if removing it fails.
  await rm(pointerFile(root, kind), { force: true });
  if (current) await rm(join(root, current.folder), { recursive: true, force: true });
  const partial = await removePartial(root, packages);
  return current !== null || partial;
}

/** Deletes downloaded tarballs and partial downloads of `packages`; returns whether there were any. */
export async function removePartial(root: string, packages: EnginePackage[]): Promise<boolean> {
  let found = false;
  for (const pkg of packages) {
    for (const file of [tarballFile(root, pkg), `${tarballFile(root, pkg)}.part`]) {
      if (existsSync(file)) found = true;
      await rm(file, { force: true });
    }
  }
  return found;
}

/** Bytes already downloaded of `packages` (a paused download), for the UI's progress. */
export function pausedDownload(root: string, packages: EnginePackage[]): boolean {
  return packages.some((pkg) => existsSync(`${tarballFile(root, pkg)}.part`) || existsSync(tarballFile(root, pkg)));
}
