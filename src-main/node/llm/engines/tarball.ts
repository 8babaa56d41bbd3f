// Unpacks an npm package tarball (gzip + tar) with Node's zlib and this small reader: files and folders
// only, the leading `package/` folder dropped, every path kept inside the destination. npm's tarballs
// are ustar with pax headers for long names; links, devices and paths that leave the folder are refused
// rather than followed (a downloaded engine is code this app will load).
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { createGunzip } from 'node:zlib';

/** Opens a file for writing (a port so a test can stand in for a full disk). */
export interface WritableFile {
  write(data: Buffer): Promise<unknown>;
  close(): Promise<void>;
}
export type OpenForWrite = (path: string, mode: number) => Promise<WritableFile>;

const defaultOpen: OpenForWrite = (path, mode) => open(path, 'w', mode);

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  // GNU base-256 for sizes over 8 GB: the high bit of the first byte marks it.
  if (header[start]! & 0x80) return header.subarray(start + 1, start + length).reduce((n, byte) => n * 256 + byte, 0);
  return Number.parseInt(field(header, start, length).trim() || '0', 8);
}

/** `len key=value\n` records (len counts bytes); only `path` matters here. */
function paxPath(data: Buffer): string | null {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    if (record.startsWith('path=')) return record.slice(5);
    at += length;
  }
  return null;
}

/** The entry's path under `dest` without npm's first folder; throws on one that would leave `dest`. */
function target(dest: string, name: string): string | null {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  parts.shift();
  if (parts.length === 0) return null;
  const rel = normalize(parts.join(sep));
  if (isAbsolute(name) || rel.split(sep).includes('..')) throw new Error(`The tarball holds a path outside its folder: ${name}`);
  return join(dest, rel);
}

interface Entry {
  path: string | null;
  type: string;
  size: number;
  mode: number;
}

/** Reads the tar stream: calls `onEntry` with each header and `onData` with its bytes, in order. */
class TarReader {
  private pending = Buffer.alloc(0);
  private remaining = 0;
  private padding = 0;
  private entry: Entry | null = null;
  private meta: Buffer[] | null = null;
  private nextPath: string | null = null;
  ended = false;

  constructor(
    private readonly onEntry: (entry: Entry) => Promise<void>,
    private readonly onData: (chunk: Buffer) => Promise<void>,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (data.length > 0 && !this.ended) {
      if (this.remaining > 0) {
        const part = data.subarray(0, Math.min(this.remaining, data.length));
        data = data.subarray(part.length);
        this.remaining -= part.length;
        if (this.meta) this.meta.push(part);
        else await this.onData(part);
        if (this.remaining === 0) await this.finishEntry();
        continue;
      }
      if (this.padding > 0) {
        const skip = Math.min(this.padding, data.length);
        data = data.subarray(skip);
        this.padding -= skip;
        continue;
      }
      if (data.length < BLOCK) {
        this.pending = Buffer.from(data);
        return;
      }
      await this.header(data.subarray(0, BLOCK));
      data = data.subarray(BLOCK);
    }
  }

  private async header(block: Buffer): Promise<void> {
    if (block.every((b) => b === 0)) {
      this.ended = true;
      return;
    }
    const type = String.fromCharCode(block[156] || 0x30);
    const size = octal(block, 124, 12);
    const prefix = field(block, 345, 155);
    const name = this.nextPath ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    this.remaining = size;
    this.padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === 'x' || type === 'L' || type === 'g') {
      this.meta = [];
      this.entry = { path: null, type, size, mode: 0 };
    } else {
      this.nextPath = null;
      this.entry = { path: name, type, size, mode: octal(block, 100, 8) };
      await this.onEntry(this.entry);
    }
    if (size === 0) await this.finishEntry();
  }

  private async finishEntry(): Promise<void> {
    const entry = this.entry;
    if (this.meta && entry) {
      const data = Buffer.concat(this.meta);
      if (entry.type === 'x') this.nextPath = paxPath(data) ?? this.nextPath;
      if (entry.type === 'L') this.nextPath = field(data, 0, data.length);
      this.meta = null;
    } else await this.onData(Buffer.alloc(0)).then(() => this.onEnd());
    this.entry = null;
  }

  onEnd: () => Promise<void> = async () => undefined;
}

/** Unpacks `tgz` into `dest` (created); returns how many files it wrote. Errors (ENOSPC among them) propagate. */
export async function extractPackage(tgz: string, dest: string, openFile: OpenForWrite = defaultOpen): Promise<number> {
  await mkdir(dest, { recursive: true });
  let handle: WritableFile | null = null;
  let files = 0;
  const reader = new TarReader(
    async (entry) => {
      const path = entry.path === null ? null : target(dest, entry.path);
      if (!path) return;
      if (entry.type === '5') await mkdir(path, { recursive: true });
      else if (entry.type === '0' || entry.type === '7') {
        await mkdir(dirname(path), { recursive: true });
        // Executable bits kept (helpers started by path); nothing writable by others.
        handle = await openFile(path, (entry.mode & 0o111 ? 0o755 : 0o644) & 0o755);
        files++;
      } else throw new Error(`The tarball holds an entry of a type this app does not unpack (${entry.type}): ${entry.path}`);
    },
    async (chunk) => {
      if (handle && chunk.length) await handle.write(chunk);
    },
  );
  reader.onEnd = async () => {
    const open = handle;
    handle = null;
    await open?.close();
  };
  try {
    for await (const chunk of createReadStream(tgz).pipe(createGunzip())) {
      await reader.push(chunk as Buffer);
    }
  } finally {
    await (handle as WritableFile | null)?.close().catch(() => undefined);
  }
  return files;
}
