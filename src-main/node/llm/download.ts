// Downloads a large file to `<dest>.part`, resuming with HTTP Range after a dropped connection (in the
// same call, and in a later call after a cancel or a crash), then checks size and sha256 before the
// rename that makes it visible. Multi-GB models over home connections drop; starting over is not an option.
// The sha256 comes from the catalogue, or else from the server: Hugging Face answers a HEAD on a
// `resolve/` URL of a large (LFS) file with a redirect carrying X-Linked-Etag (the file's SHA-256) and
// X-Linked-Size, so even a file the catalogue has no checksum for is verified end to end.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | null;
}

export interface DownloadOptions {
  url: string;
  dest: string;
  signal: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Exact expected size, when known. The server's announced total is always checked. */
  expectedBytes?: number | null;
  sha256?: string | null;
  /** Reconnections after a drop within one call. */
  retries?: number;
  retryDelayMs?: number;
}

const NETWORK_DOWN = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT/;

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return `${String(cause?.code ?? '')} ${String(cause?.message ?? '')} ${error instanceof Error ? error.message : ''}`;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export async function sha256File(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface AnnouncedIntegrity {
  sha256: string | null;
  size: number | null;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The SHA-256 and size the server announces for the file without sending it (HEAD, redirect not
 * followed: the CDN the redirect points to does not repeat them). Nothing announced, or a server
 * that refuses HEAD, yields nulls; the download itself reports real failures.
 */
export async function announcedIntegrity(url: string, signal: AbortSignal): Promise<AnnouncedIntegrity> {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal });
    const etag = (res.headers.get('x-linked-etag') ?? '').replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
    const size = Number(res.headers.get('x-linked-size') ?? NaN);
    return { sha256: SHA256_HEX.test(etag) ? etag : null, size: Number.isSafeInteger(size) && size > 0 ? size : null };
  } catch {
    return { sha256: null, size: null };
  }
}

/** Total size from `Content-Range: bytes a-b/total`, or from Content-Length on a full reply. */
function announcedTotal(res: Response, offset: number): number | null {
  const range = res.headers.get('content-range');
  const total = range?.match(/\/(\d+)\s*$/)?.[1];
  if (total) return Number(total);
  const length = res.headers.get('content-length');
  return length ? Number(length) + offset : null;
}

/** One request: appends what arrives to the part file. Returns the total the server announced. */
async function fetchInto(options: DownloadOptions, part: string): Promise<number | null> {
  let offset = await fileSize(part);
  let res: Response;
  try {
    res = await fetch(options.url, { signal: options.signal, headers: offset > 0 ? { Range: `bytes=${offset}-` } : {} });
  } catch (error) {
    if (options.signal.aborted) throw new AppError('CANCELLED', 'Download cancelled; it resumes where it stopped next time.');
    if (NETWORK_DOWN.test(causeCode(error))) {
      throw new AppError('OFFLINE', `Cannot reach ${new URL(options.url).host}: check the internet connection, or open a local GGUF file instead.`, { cause: error });
    }
    throw error;
  }
  if (res.status === 416 && offset > 0) {
    // The part file is as long as (or longer than) the resource: start over rather than guess.
    await rm(part, { force: true });
    await res.body?.cancel();
    return fetchInto(options, part);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new AppError('DOWNLOAD_FAILED', `The download server answered HTTP ${res.status} for ${options.url}.`);
  }
  if (res.status === 200 && offset > 0) offset = 0; // server ignored Range: rewrite from the start
  const total = announcedTotal(res, offset);
  const handle = await open(part, offset === 0 ? 'w' : 'a');
  let received = offset;
  let lastReport = 0;
  try {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await handle.write(value);
      received += value.length;
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        options.onProgress?.({ receivedBytes: received, totalBytes: total });
      }
    }
  } finally {
    await handle.close();
  }
  options.onProgress?.({ receivedBytes: received, totalBytes: total });
  return total;
}

export async function downloadFile(options: DownloadOptions): Promise<string> {
  const part = `${options.dest}.part`;
  const announced = options.sha256 ? { sha256: null, size: null } : await announcedIntegrity(options.url, options.signal);
  const retries = options.retries ?? 5;
  let total: number | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      total = await fetchInto(options, part);
      if (total === null || (await fileSize(part)) >= total) break;
      throw new Error('connection closed early');
    } catch (error) {
      if (error instanceof AppError || options.signal.aborted) {
        if (options.signal.aborted && !(error instanceof AppError && error.code === 'CANCELLED')) {
          throw new AppError('CANCELLED', 'Download cancelled; it resumes where it stopped next time.', { cause: error });
        }
        throw error;
      }
      if (attempt >= retries) {
        throw new AppError('DOWNLOAD_FAILED', `The download kept breaking off (${causeCode(error).trim()}): retry later; it resumes where it stopped.`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1_000 * (attempt + 1)));
    }
  }
  await verify(options, part, total, announced);
  await rename(part, options.dest);
  return options.dest;
}

async function verify(options: DownloadOptions, part: string, total: number | null, announced: AnnouncedIntegrity): Promise<void> {
  const size = await fileSize(part);
  const expected = options.expectedBytes ?? announced.size ?? total;
  if (expected !== null && expected !== undefined && size !== expected) {
    await rm(part, { force: true });
    throw new AppError('CHECKSUM_MISMATCH', `The downloaded file has ${size} bytes, expected ${expected}: it was deleted; download it again.`);
  }
  const sha256 = options.sha256?.toLowerCase() ?? announced.sha256;
  if (sha256) {
    const actual = await sha256File(part, options.signal);
    if (actual !== sha256) {
      await rm(part, { force: true });
      const source = options.sha256 ? 'the catalogue' : 'the SHA-256 the server announced';
      throw new AppError('CHECKSUM_MISMATCH', `The downloaded file's SHA-256 does not match ${source}: it was deleted; download it again.`);
    }
  }
}
