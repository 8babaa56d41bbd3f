// A local stand-in for a package registry serving an engine tarball: the test packs a package in
// npm's layout (gzip + ustar, `package/` first, one path in a pax header as npm writes long names),
// computes its integrity the way the lock records it, and serves it with HTTP Range support; the
// server can drop the connection part-way once, or serve other bytes than it announced.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

function header(name: string, size: number, type: string, mode = 0o644): Buffer {
  const block = Buffer.alloc(512);
  block.write(name.slice(0, 100), 0);
  block.write(mode.toString(8).padStart(7, '0'), 100);
  block.write('0000000', 108);
  block.write('0000000', 116);
  block.write(size.toString(8).padStart(11, '0'), 124);
  block.write('00000000000', 136);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  const sum = block.reduce((a, b) => a + b, 0);
  block.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148);
  return block;
}

const pad = (data: Buffer) => Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);

/** gzip(tar) of `files` (path → contents) under `package/`; paths over 100 characters get a pax header. */
export function packTarball(files: Record<string, string | Buffer>, modes: Record<string, number> = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [path, contents] of Object.entries(files)) {
    const name = `package/${path}`;
    const data = Buffer.isBuffer(contents) ? contents : Buffer.from(contents);
    if (name.length > 100) {
      const record = ` path=${name}\n`;
      let length = record.length + 1;
      while (String(length).length + record.length !== length) length = String(length).length + record.length;
      const pax = Buffer.from(`${length}${record}`);
      parts.push(header('PaxHeader', pax.length, 'x'), pad(pax));
    }
    parts.push(header(name, data.length, '0', modes[path]), pad(data));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export const sriOf = (data: Buffer) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

/** A package that node-llama-cpp would take for its CUDA build (entry point as the real ones have it). */
export function fakeCudaPackage(name: string, version: string, folder: string, extra: Record<string, string | Buffer> = {}): Buffer {
  const index = [
    'import path from "path";',
    'import { fileURLToPath } from "url";',
    'const __dirname = path.dirname(fileURLToPath(import.meta.url));',
    `export function getBinsDir() { return { binsDir: path.join(__dirname, "..", "bins"), packageVersion: ${JSON.stringify(version)} }; }`,
  ].join('\n');
  return packTarball({
    'package.json': JSON.stringify({ name, version, main: 'dist/index.js', type: 'module' }),
    'dist/index.js': index,
    // Not a loadable binary: on a machine without a GPU the load fails, which the fallback must handle.
    [`bins/${folder}/llama-addon.node`]: 'not a real addon',
    [`bins/${folder}/_nlcBuildMetadata.json`]: JSON.stringify({
      buildOptions: { platform: 'linux', arch: 'x64', gpu: 'cuda', customCmakeOptions: {}, llamaCpp: { repo: 'ggml-org/llama.cpp', release: 'b1' } },
    }),
    ...extra,
  });
}

export interface FixtureRegistry {
  url: (path: string) => string;
  /** Requests seen: path and Range header. */
  requests: { path: string; range: string | undefined }[];
  /** Next full-body reply stops after this many bytes (once). */
  dropAfter: (bytes: number) => void;
  close: () => Promise<void>;
}

/** `pace`: bytes per 50 ms for a download slow enough that a person (or a test) can pause it. */
export async function fixtureRegistry(files: Record<string, Buffer>, pace?: number): Promise<FixtureRegistry> {
  const requests: FixtureRegistry['requests'] = [];
  let drop: number | null = null;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push({ path, range: req.headers.range });
    const body = files[path];
    if (!body) return void res.writeHead(404).end();
    if (req.method === 'HEAD') return void res.writeHead(200, { 'content-length': body.length }).end();
    const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    if (start >= body.length && start > 0) return void res.writeHead(416).end();
    const slice = body.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, {
      'content-length': slice.length,
      ...(start > 0 ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    });
    if (drop !== null) {
      const cut = drop;
      drop = null;
      res.write(slice.subarray(0, cut), () => res.destroy());
      return;
    }
    if (!pace) return void res.end(slice);
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      if (at >= slice.length) return void res.end();
      res.write(slice.subarray(at, at + pace));
      at += pace;
      setTimeout(next, 50);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    dropAfter: (bytes) => void (drop = bytes),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
