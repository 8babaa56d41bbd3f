import { describe, expect, it } from 'vitest';
import { gpuProfileFrom } from './gpuProfile.js';
import { formatSpeed } from '../../common/models.js';
import { estimateSpeed, recommendBySpeed, type Candidate, type ComputeProfile } from './speedEstimate.js';

const GiB = 2 ** 30;
// The catalogue's sizes (resources/models/catalog.json), smallest first.
const CATALOGUE: Array<[string, number]> = [
  ['qwen2.5-coder-1.5b-q4', 1.12e9],
  ['qwen3-4b-q4', 2.5e9],
  ['qwen3-8b-q4', 5.03e9],
  ['deepseek-r1-distill-qwen-14b-q4', 8.99e9],
  ['qwen3-14b-q4', 9e9],
  ['qwen3-32b-q4', 19.8e9],
];
// This development machine: 2 cores (1 llama.cpp thread), AVX-512, the probe's copy rate.
const devBox: ComputeProfile = { cpu: { threads: 1, isa: 'avx512', memoryBandwidth: 10e9 }, gpu: null };
const rtx4090 = (freeVram: number): ComputeProfile => ({
  cpu: { threads: 7, isa: 'avx2', memoryBandwidth: 20e9 },
  gpu: gpuProfileFrom({ kind: 'cuda', names: ['NVIDIA GeForce RTX 4090'], vramTotal: 24 * GiB, vramFree: freeVram, unified: false }),
});
const candidates = (profile: ComputeProfile, fitsUpTo = Infinity): Candidate[] =>
  CATALOGUE.map(([id, sizeBytes]) => ({ id, sizeBytes, fits: sizeBytes <= fitsUpTo, speed: estimateSpeed(sizeBytes, profile) }));

describe('estimateSpeed', () => {
  it('puts Qwen3 14B at about one token a second on a 2-core CPU (the figure the issue observed)', () => {
    const speed = estimateSpeed(9e9, devBox);
    expect(speed.engine).toBe('cpu');
    expect(speed.generation).toBeGreaterThan(0.5);
    expect(speed.generation).toBeLessThan(2);
  });
  it('is faster for smaller models and reads prompts faster than it writes', () => {
    const small = estimateSpeed(1.12e9, devBox);
    const large = estimateSpeed(5.03e9, devBox);
    expect(small.generation).toBeGreaterThan(large.generation * 3);
    expect(small.promptReading).toBeGreaterThan(small.generation);
  });
  it('runs a model that fits in VRAM on the GPU, tens of times faster than the CPU', () => {
    const gpu = estimateSpeed(9e9, rtx4090(22 * GiB));
    expect(gpu.engine).toBe('cuda');
    expect(gpu.generation).toBeGreaterThan(estimateSpeed(9e9, { ...rtx4090(0), gpu: null }).generation * 10);
  });
  it('slows a model split between VRAM and RAM towards CPU speed', () => {
    const whole = estimateSpeed(19.8e9, rtx4090(23 * GiB));
    const split = estimateSpeed(19.8e9, rtx4090(8 * GiB));
    expect(split.generation).toBeLessThan(whole.generation / 2);
  });
  it('treats Apple silicon as one memory: the whole model on the GPU', () => {
    const mac: ComputeProfile = {
      cpu: { threads: 7, isa: 'neon', memoryBandwidth: 60e9 },
      gpu: gpuProfileFrom({ kind: 'metal', names: ['Apple M2 Max'], vramTotal: 0, vramFree: 0, unified: true }),
    };
    expect(estimateSpeed(9e9, mac)).toMatchObject({ engine: 'metal' });
  });
});

describe('recommendBySpeed', () => {
  it('recommends a small model on this 2-core machine, saying how slow it is', () => {
    const pick = recommendBySpeed(candidates(devBox, 18 * GiB));
    expect(pick?.id).toBe('qwen2.5-coder-1.5b-q4');
    expect(pick?.reason).toMatch(/^about \d+ tokens\/s here/);
  });
  it('recommends the most capable model that reaches the threshold, not the largest that fits', () => {
    const pick = recommendBySpeed(candidates(rtx4090(22 * GiB)));
    expect(pick?.id).toBe('qwen3-32b-q4');
    const tight = recommendBySpeed(candidates(rtx4090(6 * GiB)), 30);
    expect(tight?.id).not.toBe('qwen3-32b-q4');
    expect(tight?.reason).toMatch(/at least 30 tokens\/s/);
  });
  it('lets a measured speed change the choice', () => {
    const list = candidates(devBox);
    list[1] = { ...list[1]!, speed: { generation: 14, promptReading: 80, basis: 'measured', engine: 'cpu' } };
    const pick = recommendBySpeed(list);
    expect(pick).toMatchObject({ id: 'qwen3-4b-q4' });
    expect(pick?.reason).toContain('(measured)');
  });
  it('recommends nothing when nothing fits', () => {
    expect(recommendBySpeed(candidates(devBox, 0))).toBeNull();
  });
});

describe('formatSpeed', () => {
  it('rounds as people read speeds', () => {
    expect(formatSpeed(0.4)).toBe('under 1 token/s');
    expect(formatSpeed(7.4)).toBe('about 7 tokens/s');
    expect(formatSpeed(23)).toBe('about 25 tokens/s');
    expect(formatSpeed(143)).toBe('about 140 tokens/s');
  });
});
