import { describe, expect, it } from 'vitest';
import { PlacementSchema, placementLine } from './placement.js';

describe('placementLine', () => {
  it('says how many layers run on the GPU and the context size', () => {
    expect(placementLine({ engine: 'cuda', gpuLayers: 41, totalLayers: 41, contextSize: 8192 })).toBe('GPU: 41/41 layers, 8,192 tokens');
    expect(placementLine({ engine: 'vulkan', gpuLayers: 20, totalLayers: null, contextSize: 32768 })).toBe('GPU: 20/? layers, 32,768 tokens');
  });
  it('says CPU when the CPU build runs it or no layer was offloaded', () => {
    expect(placementLine({ engine: 'cpu', gpuLayers: 0, totalLayers: 13, contextSize: 8192 })).toBe('CPU · 8,192 tokens');
    expect(placementLine({ engine: 'cuda', gpuLayers: 0, totalLayers: 41, contextSize: 4096 })).toBe('CPU · 4,096 tokens');
  });
  it('parses placements kept before the note existed, and keeps the note where there is one', () => {
    const old = { engine: 'cuda', gpuLayers: 41, totalLayers: 41, contextSize: 8192 };
    expect(PlacementSchema.parse(old)).toEqual(old);
    const note = 'The GPU ran out of memory with the fitted layers; running with 20 of 41 layers.';
    expect(PlacementSchema.parse({ ...old, gpuLayers: 20, note }).note).toBe(note);
  });
});
