// IEEE 754 half precision (binary16) for the router file's per-bucket tensors (row scales and
// attention scores): with 2^18 buckets they cost 4 MiB as float32 but 2 MiB as float16, and a 10-bit
// mantissa keeps every value within 2^-11 of itself. Node 20 has no Float16Array, hence these.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The binary16 bits nearest to x (ties to even); overflow gives ±Infinity, NaN stays NaN. */
export function toFloat16Bits(x: number): number {
  f32[0] = x;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal (or zero): the implicit leading 1 becomes explicit and shifts right.
    if (e < -10) return sign;
    const full = mantissa | 0x800000;
    const shift = 14 - e;
    return sign | roundShift(full, shift);
  }
  // Carry from rounding may ripple into the exponent, which is exactly right (up to Infinity).
  return sign | ((e << 10) + roundShift(mantissa, 13));
}

/** value >> shift, rounded to nearest, ties to even. */
function roundShift(value: number, shift: number): number {
  const kept = value >>> shift;
  const rest = value - kept * 2 ** shift;
  const half = 2 ** (shift - 1);
  return rest > half || (rest === half && (kept & 1) === 1) ? kept + 1 : kept;
}

export function fromFloat16Bits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >>> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** x rounded to the nearest float16 value (as a float32 holds it exactly). */
export const roundToFloat16 = (x: number): number => fromFloat16Bits(toFloat16Bits(x));

export function encodeFloat16(values: ArrayLike<number>): Uint16Array {
  return Uint16Array.from({ length: values.length }, (_, i) => toFloat16Bits(values[i]!));
}

export function decodeFloat16(bits: Uint16Array): Float32Array {
  return Float32Array.from(bits, fromFloat16Bits);
}
