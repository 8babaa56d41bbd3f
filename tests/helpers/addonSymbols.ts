// Reads the exported symbols of a native addon (.node) from its own file, so the check needs no
// binutils and works on any host: ELF (Linux), Mach-O thin or universal (macOS) and PE (Windows).
// A Node-API addon exports `napi_register_module_v1` (Mach-O prefixes C symbols with `_`); one
// built against a runtime's ABI exports `node_register_module_v<ABI>` instead (or registers from a
// static constructor), and loads in that runtime only.
import { readFileSync } from 'node:fs';

export type AddonFormat = 'elf' | 'mach-o' | 'pe' | 'unknown';

export interface AddonSymbols {
  format: AddonFormat;
  /** Exported (defined, global) symbol names, without Mach-O's leading underscore. */
  exports: Set<string>;
}

export function readAddonSymbols(path: string): AddonSymbols {
  const b = readFileSync(path);
  if (b.length >= 4 && b.readUInt32BE(0) === 0x7f454c46) return { format: 'elf', exports: elfExports(b) };
  const magicLe = b.length >= 4 ? b.readUInt32LE(0) : 0;
  if (magicLe === 0xfeedfacf || magicLe === 0xfeedface) return { format: 'mach-o', exports: machoExports(b, 0) };
  if (b.length >= 4 && b.readUInt32BE(0) === 0xcafebabe) return { format: 'mach-o', exports: fatExports(b) };
  if (b.length >= 2 && b.toString('latin1', 0, 2) === 'MZ') return { format: 'pe', exports: peExports(b) };
  return { format: 'unknown', exports: new Set() };
}

export const isNodeApi = (symbols: AddonSymbols): boolean => symbols.exports.has('napi_register_module_v1');

const cString = (b: Buffer, at: number): string => {
  const end = b.indexOf(0, at);
  return b.toString('latin1', at, end < 0 ? b.length : end);
};

/** Defined global/weak symbols of .dynsym (what the dynamic loader, hence Node, can find). */
function elfExports(b: Buffer): Set<string> {
  const is64 = b[4] === 2;
  if (b[5] !== 1) throw new Error('big-endian ELF is not supported');
  const num = (at: number) => (is64 ? Number(b.readBigUInt64LE(at)) : b.readUInt32LE(at));
  const shoff = num(is64 ? 0x28 : 0x20);
  const shentsize = b.readUInt16LE(is64 ? 0x3a : 0x2e);
  const shnum = b.readUInt16LE(is64 ? 0x3c : 0x30);
  const section = (i: number) => {
    const at = shoff + i * shentsize;
    return {
      type: b.readUInt32LE(at + 4),
      offset: num(at + (is64 ? 0x18 : 0x10)),
      size: num(at + (is64 ? 0x20 : 0x14)),
      link: b.readUInt32LE(at + (is64 ? 0x28 : 0x18)),
      entsize: num(at + (is64 ? 0x38 : 0x24)),
    };
  };
  const names = new Set<string>();
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (s.type !== 11) continue; // SHT_DYNSYM
    const strtab = section(s.link);
    for (let at = s.offset; at + s.entsize <= s.offset + s.size; at += s.entsize) {
      const info = b[at + (is64 ? 4 : 12)]!;
      const shndx = b.readUInt16LE(at + (is64 ? 6 : 14));
      const bind = info >> 4;
      if (shndx !== 0 && (bind === 1 || bind === 2)) names.add(cString(b, strtab.offset + b.readUInt32LE(at)));
    }
  }
  return names;
}

/** External symbols defined in a section, from LC_SYMTAB (kept by strip for exported symbols). */
function machoExports(b: Buffer, base: number): Set<string> {
  const is64 = b.readUInt32LE(base) === 0xfeedfacf;
  const ncmds = b.readUInt32LE(base + 16);
  let at = base + (is64 ? 32 : 28);
  const names = new Set<string>();
  for (let i = 0; i < ncmds; i++) {
    const cmd = b.readUInt32LE(at);
    if (cmd === 0x2) {
      const [symoff, nsyms, stroff] = [b.readUInt32LE(at + 8), b.readUInt32LE(at + 12), b.readUInt32LE(at + 16)];
      const size = is64 ? 16 : 12;
      for (let n = 0; n < nsyms; n++) {
        const sym = base + symoff + n * size;
        const type = b[sym + 4]!;
        // N_EXT and N_SECT: an exported definition (not an import, not a debug stab).
        if ((type & 0xe0) === 0 && (type & 0x01) === 1 && (type & 0x0e) === 0x0e) {
          names.add(cString(b, base + stroff + b.readUInt32LE(sym)).replace(/^_/, ''));
        }
      }
    }
    at += b.readUInt32LE(at + 4);
  }
  return names;
}

/** A universal binary: the symbols every slice exports. */
function fatExports(b: Buffer): Set<string> {
  const slices = Array.from({ length: b.readUInt32BE(4) }, (_, i) => machoExports(b, b.readUInt32BE(8 + i * 20 + 8)));
  return new Set([...(slices[0] ?? [])].filter((name) => slices.every((s) => s.has(name))));
}

/** Names in the PE export directory. */
function peExports(b: Buffer): Set<string> {
  const pe = b.readUInt32LE(0x3c);
  const sections = b.readUInt16LE(pe + 6);
  const optional = pe + 24;
  const is64 = b.readUInt16LE(optional) === 0x20b;
  const exportRva = b.readUInt32LE(optional + (is64 ? 112 : 96));
  const table = optional + b.readUInt16LE(pe + 20);
  const toOffset = (rva: number) => {
    for (let i = 0; i < sections; i++) {
      const s = table + i * 40;
      const [vsize, va, raw] = [b.readUInt32LE(s + 8), b.readUInt32LE(s + 12), b.readUInt32LE(s + 20)];
      if (rva >= va && rva < va + Math.max(vsize, b.readUInt32LE(s + 16))) return rva - va + raw;
    }
    throw new Error(`RVA ${rva} is in no section`);
  };
  const names = new Set<string>();
  if (exportRva === 0) return names;
  const dir = toOffset(exportRva);
  const [count, namesRva] = [b.readUInt32LE(dir + 24), b.readUInt32LE(dir + 32)];
  for (let i = 0; i < count; i++) names.add(cString(b, toOffset(b.readUInt32LE(toOffset(namesRva) + i * 4))));
  return names;
}
