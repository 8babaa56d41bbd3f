// The committed icons (made by scripts/icons/build.ts from resources/icons/icon.svg) are the files
// the installers embed: a broken .icns or .ico is only noticed on a user's dock or taskbar.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, icnsFile, icoFile, readIcns, readIco } from '../../../scripts/icons/containers.js';

const dir = join(import.meta.dirname, '..', '..', '..', 'resources', 'icons');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('app icons', () => {
  it('png/NxN.png are PNGs of the size their name says, 16 to 1024 px', () => {
    const names = readdirSync(join(dir, 'png'));
    expect(names).toEqual(expect.arrayContaining(['16x16.png', '32x32.png', '256x256.png', '512x512.png', '1024x1024.png']));
    for (const name of names) {
      const n = Number(/^(\d+)x\1\.png$/.exec(name)?.[1]);
      expect(pngSize(readFileSync(join(dir, 'png', name))), name).toEqual([n, n]);
    }
  });

  it('icon.ico holds 16 to 256 px images and icon.icns every PNG element type at its pixel size', () => {
    expect(readIco(readFileSync(join(dir, 'icon.ico')))).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const icns = readFileSync(join(dir, 'icon.icns'));
    expect(readIcns(icns).map((e) => e.type)).toEqual(ICNS_TYPES.map(([t]) => t));
    let at = 8;
    for (const [type, pixels] of ICNS_TYPES) {
      const length = icns.readUInt32BE(at + 4);
      expect(pngSize(icns.subarray(at + 8, at + length)), type).toEqual([pixels, pixels]);
      at += length;
    }
  });

  it('the container writers and readers agree, and refuse malformed input', () => {
    const png = (n: number) => readFileSync(join(dir, 'png', `${n}x${n}.png`));
    expect(readIco(icoFile([16, 256].map((size) => ({ size, png: png(size) }))))).toEqual([16, 256]);
    expect(() => icoFile([{ size: 512, png: png(512) }])).toThrow(/at most 256/);
    const icns = icnsFile(png);
    expect(readIcns(icns)).toHaveLength(ICNS_TYPES.length);
    expect(() => readIcns(icns.subarray(0, icns.length - 10))).toThrow();
    expect(() => readIco(Buffer.from('not an icon at all'))).toThrow(/not an ico/);
  });
});
