import { describe, expect, it } from 'vitest';
import { Segmenter, type Utterance } from './segmenter.js';

const FRAME = 512; // 32 ms at 16 kHz
function feed(seg: Segmenter, pattern: Array<[number, number]>): { starts: number[]; utterances: Utterance[] } {
  const starts: number[] = [];
  const utterances: Utterance[] = [];
  for (const [frames, p] of pattern) {
    for (let i = 0; i < frames; i++) {
      for (const e of seg.push(new Float32Array(FRAME).fill(p), p)) {
        if (e.type === 'speech-start') starts.push(e.atMs);
        else utterances.push(e.utterance);
      }
    }
  }
  return { starts, utterances };
}

describe('segmenter', () => {
  it('ends an utterance after the hangover and trims the silence, keeping the pre-roll', () => {
    const seg = new Segmenter({ hangoverMs: 700, preRollMs: 300, minSpeechMs: 96 });
    const { starts, utterances } = feed(seg, [
      [50, 0],
      [40, 0.9],
      [40, 0],
    ]);
    expect(starts).toEqual([50 * 32]);
    expect(utterances).toHaveLength(1);
    const u = utterances[0]!;
    expect(u.reason).toBe('silence');
    expect(u.speechStartMs).toBe(1600);
    expect(u.endMs).toBe(90 * 32);
    expect(u.startMs).toBeLessThanOrEqual(1600 - 288);
    expect(u.startMs).toBeGreaterThanOrEqual(1600 - 300 - 32);
    // pre-roll + speech + a tail of at most the pre-roll
    expect(u.samples.length / 16).toBeCloseTo(u.endMs - u.startMs + 300, -2);
    // the pre-roll holds the silent frames (0), then the speech (0.9)
    expect(u.samples[0]).toBe(0);
    expect(u.samples[Math.round((1600 - u.startMs) * 16) + 10]).toBeCloseTo(0.9);
  });
  it('keeps a pause shorter than the hangover inside one utterance', () => {
    const seg = new Segmenter({ hangoverMs: 700 });
    const { utterances } = feed(seg, [
      [10, 0],
      [20, 0.9],
      [15, 0.1],
      [20, 0.9],
      [30, 0],
    ]);
    expect(utterances).toHaveLength(1);
  });
  it('uses hysteresis: a probability between the thresholds neither starts nor ends speech', () => {
    const seg = new Segmenter({ hangoverMs: 320 });
    expect(feed(seg, [[40, 0.4]]).starts).toEqual([]);
    const { utterances } = feed(seg, [
      [10, 0.8],
      [40, 0.4],
      [11, 0.1],
    ]);
    expect(utterances).toHaveLength(1);
  });
  it('ignores a blip shorter than the minimum speech length', () => {
    const seg = new Segmenter({ minSpeechMs: 150 });
    expect(
      feed(seg, [
        [2, 0.9],
        [30, 0],
      ]).starts,
    ).toEqual([]);
  });
  it('cuts at the maximum utterance length', () => {
    const seg = new Segmenter({ maxUtteranceMs: 3_200 });
    const { utterances } = feed(seg, [[200, 0.9]]);
    expect(utterances.length).toBeGreaterThanOrEqual(1);
    expect(utterances[0]!.reason).toBe('max-length');
    expect(utterances[0]!.endMs - utterances[0]!.startMs).toBeLessThanOrEqual(3_200 + 32);
  });
  it('flush returns the utterance in progress (push-to-talk released) and nothing in silence', () => {
    const seg = new Segmenter();
    feed(seg, [[20, 0.9]]);
    expect(seg.flush()?.reason).toBe('flush');
    expect(seg.flush()).toBeNull();
  });
});
