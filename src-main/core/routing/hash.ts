// FNV-1a (32-bit) over UTF-8 bytes: a small, stable hash that gives the same bucket in training,
// in the app and in any other language that reimplements the featurizer from featurizer.json.
export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mixByte(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, FNV_PRIME) >>> 0;
}

/** Feeds one Unicode code point, encoded as UTF-8, into a running hash. */
export function fnv1aCodePoint(hash: number, cp: number): number {
  if (cp < 0x80) return mixByte(hash, cp);
  if (cp < 0x800) return mixByte(mixByte(hash, 0xc0 | (cp >> 6)), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) {
    return mixByte(mixByte(mixByte(hash, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
  }
  const h = mixByte(mixByte(hash, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3f));
  return mixByte(mixByte(h, 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
}

/** FNV-1a of a string's UTF-8 bytes, continuing from `hash` (the offset basis by default). */
export function fnv1a(text: string, hash: number = FNV_OFFSET): number {
  let h = hash;
  for (const ch of text) h = fnv1aCodePoint(h, ch.codePointAt(0)!);
  return h;
}
