// The two icon containers, both holding PNG images as they are (supported since Windows Vista and
// macOS 10.7), so no pixel format is converted here.

/** .ico: a 6-byte header, one 16-byte entry per image (width/height 0 means 256), then the images. */
export function icoFile(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    if (size > 256) throw new Error(`.ico images are at most 256 px, not ${size}`);
    const e = 6 + 16 * i;
    header.writeUInt8(size === 256 ? 0 : size, e);
    header.writeUInt8(size === 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** The icns element types that hold a PNG, with the pixel size each one must have. */
export const ICNS_TYPES: readonly (readonly [type: string, pixels: number])[] = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024], // 512 pt @2x
  ['ic11', 32], // 16 pt @2x
  ['ic12', 64], // 32 pt @2x
  ['ic13', 256], // 128 pt @2x
  ['ic14', 512], // 256 pt @2x
];

/** .icns: 'icns' and the file length (big-endian), then elements of type, length (header included) and data. */
export function icnsFile(png: (pixels: number) => Buffer): Buffer {
  const elements = ICNS_TYPES.map(([type, pixels]) => {
    const data = png(pixels);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(8 + data.length, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + elements.reduce((n, e) => n + e.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

/** The element types and sizes of an .icns file (for checks); throws on a malformed file. */
export function readIcns(file: Buffer): { type: string; length: number }[] {
  if (file.toString('latin1', 0, 4) !== 'icns' || file.readUInt32BE(4) !== file.length) throw new Error('not an icns file');
  const out: { type: string; length: number }[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at + 4);
    if (length < 8 || at + length > file.length) throw new Error('truncated icns element');
    out.push({ type: file.toString('latin1', at, at + 4), length });
    at += length;
  }
  return out;
}

/** The image sizes an .ico file lists (for checks); throws on a malformed file. */
export function readIco(file: Buffer): number[] {
  if (file.readUInt16LE(0) !== 0 || file.readUInt16LE(2) !== 1) throw new Error('not an ico file');
  return Array.from({ length: file.readUInt16LE(4) }, (_, i) => {
    const e = 6 + 16 * i;
    if (file.readUInt32LE(e + 12) + file.readUInt32LE(e + 8) > file.length) throw new Error('truncated ico image');
    return file.readUInt8(e) || 256;
  });
}
