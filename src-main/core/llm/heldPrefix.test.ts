import { describe, expect, it } from 'vitest';
import { heldPrefixLength } from './heldPrefix.js';

describe('heldPrefixLength', () => {
  it('holds back the longest end that could still become a marker', () => {
    expect(heldPrefixLength('answer <thi', ['<think>', '</think>'])).toBe(4);
    expect(heldPrefixLength('answer </', ['<think>', '</think>'])).toBe(2);
  });

  it('holds nothing when no marker can start at the end, or the marker is already whole', () => {
    expect(heldPrefixLength('plain text', ['<|im_end|>'])).toBe(0);
    expect(heldPrefixLength('x<|im_end|>', ['<|im_end|>'])).toBe(0);
    expect(heldPrefixLength('', ['<|im_end|>'])).toBe(0);
  });
});
