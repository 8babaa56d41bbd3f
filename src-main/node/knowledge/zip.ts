// Reads single entries of a ZIP archive (DOCX and ODT are ZIP files of XML) from its central
// directory, with Node's zlib: two formats need only "stored" and "deflated" entries, which does
// not justify a dependency. Sizes come from the central directory, since local headers written in
// streaming mode leave them zero.
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** An entry inflated larger than this is refused (a "zip bomb" would fill memory). */
const MAX_ENTRY_BYTES = 64 * 2 ** 20;

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(zip: Buffer): Map<string, Entry> {
  // The end record sits in the last 22 bytes plus at most a 64 KiB comment.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a ZIP file (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let pos = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (pos + 46 > zip.length || zip.readUInt32LE(pos) !== CENTRAL) throw new Error('damaged ZIP central directory');
    const nameLength = zip.readUInt16LE(pos + 28);
    const extraLength = zip.readUInt16LE(pos + 30);
    const commentLength = zip.readUInt16LE(pos + 32);
    const name = zip.toString('utf8', pos + 46, pos + 46 + nameLength);
    entries.set(name, {
      method: zip.readUInt16LE(pos + 10),
      compressedSize: zip.readUInt32LE(pos + 20),
      size: zip.readUInt32LE(pos + 24),
      localOffset: zip.readUInt32LE(pos + 42),
    });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entries' names and a reader of one entry's bytes (null when absent). */
export function openZip(zip: Buffer): { names: string[]; read(name: string): Buffer | null } {
  const entries = centralDirectory(zip);
  return {
    names: [...entries.keys()],
    read(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.size > MAX_ENTRY_BYTES) throw new Error(`ZIP entry ${name} is too large (${entry.size} bytes)`);
      const at = entry.localOffset;
      if (zip.readUInt32LE(at) !== LOCAL) throw new Error(`damaged ZIP entry ${name}`);
      const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
      const data = zip.subarray(start, start + entry.compressedSize);
      if (entry.method === 0) return Buffer.from(data);
      if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
      throw new Error(`ZIP entry ${name} uses an unsupported compression method (${entry.method})`);
    },
  };
}
