// scripts/router/float16.ts: the router file's per-bucket tensors are stored as float16, so the
// conversion must round exactly as IEEE 754 does (ties to even, subnormals, overflow).
import { describe, expect, it } from 'vitest';
import { fromFloat16Bits, roundToFloat16, toFloat16Bits } from '../../../scripts/router/float16.js';

describe('float16', () => {
  it('encodes known values', () => {
    expect(toFloat16Bits(1)).toBe(0x3c00);
    expect(toFloat16Bits(-2)).toBe(0xc000);
    expect(toFloat16Bits(0.5)).toBe(0x3800);
    expect(toFloat16Bits(1 / 3)).toBe(0x3555);
    expect(toFloat16Bits(65504)).toBe(0x7bff); // the largest finite value
    expect(toFloat16Bits(2 ** -14)).toBe(0x0400); // the smallest normal value
    expect(toFloat16Bits(2 ** -24)).toBe(0x0001); // the smallest subnormal value
    expect(toFloat16Bits(-0)).toBe(0x8000);
    expect(toFloat16Bits(Infinity)).toBe(0x7c00);
    expect(Number.isNaN(fromFloat16Bits(toFloat16Bits(NaN)))).toBe(true);
  });

  it('rounds to nearest with ties to even, into subnormals and up to infinity', () => {
    expect(toFloat16Bits(1 + 2 ** -11)).toBe(0x3c00); // halfway between 1 and the next value: even wins
    expect(toFloat16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02); // halfway, the upper neighbour is even
    expect(toFloat16Bits(1 + 2 ** -11 + 2 ** -20)).toBe(0x3c01); // just past halfway
    expect(toFloat16Bits(2 ** -25)).toBe(0x0000); // halfway between 0 and the smallest subnormal
    expect(toFloat16Bits(3 * 2 ** -26)).toBe(0x0001);
    expect(toFloat16Bits(2 ** -14 - 2 ** -25)).toBe(0x0400); // the largest subnormal rounds up into the normals
    expect(toFloat16Bits(65519)).toBe(0x7bff);
    expect(toFloat16Bits(65520)).toBe(0x7c00); // halfway to 65536, which overflows
  });

  it('decodes every finite bit pattern back to itself', () => {
    for (let h = 0; h < 0x10000; h++) {
      if ((h & 0x7c00) === 0x7c00) continue; // infinities and NaNs
      expect(toFloat16Bits(fromFloat16Bits(h))).toBe(h);
    }
  });

  it('keeps normal values within 2^-11 of themselves', () => {
    let x = 1e-4;
    while (x < 4.7e4) {
      // 4.7e4 · 1.37 stays below the largest finite value, 65504
      for (const v of [x, -x * 1.37]) expect(Math.abs(roundToFloat16(v) - v)).toBeLessThanOrEqual(Math.abs(v) * 2 ** -11);
      x *= 1.013;
    }
  });
});
