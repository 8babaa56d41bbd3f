// Silero VAD on onnxruntime-node over real synthetic speech (espeak-ng + sox) with known silences:
// the segmenter must find one utterance per sentence, each boundary within ±250 ms of the truth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Segmenter, type Utterance } from '../../../src-main/core/voice/segmenter.js';
import { SileroVad, VAD_FRAME } from '../../../src-main/node/voice/vad.js';
import { readWav16k } from '../../../src-main/node/voice/wav.js';
import { makeSpeechWav } from '../../helpers/speechAudio.js';

const dir = mkdtempSync(join(tmpdir(), 'vad-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function segment(path: string): Promise<Utterance[]> {
  const samples = await readWav16k(path);
  const vad = await SileroVad.create();
  const seg = new Segmenter({ hangoverMs: 700 });
  const out: Utterance[] = [];
  for (let i = 0; i + VAD_FRAME <= samples.length; i += VAD_FRAME) {
    const frame = samples.subarray(i, i + VAD_FRAME);
    for (const e of seg.push(frame, await vad.probability(frame))) if (e.type === 'utterance') out.push(e.utterance);
  }
  const last = seg.flush();
  if (last) out.push(last);
  await vad.dispose();
  return out;
}

describe('Silero VAD + segmenter on synthetic speech', () => {
  it.each([
    ['three', ['The quick brown fox jumps over the lazy dog.', 'Please open the report and read the summary.', 'Thank you, that will be all for today.']],
    ['two', ['What is the weather like in Paris?', 'Tell me a short story about a robot.']],
  ])(
    '%s sentences separated by 1.5 s of silence give that many utterances at the right times',
    async (_n, sentences) => {
      const file = makeSpeechWav(dir, sentences, { gapSec: 1.5, name: `${sentences.length}.wav` });
      const utterances = await segment(file.path);
      expect(utterances).toHaveLength(sentences.length);
      utterances.forEach((u, i) => {
        const truth = file.segments[i]!;
        expect(Math.abs(u.speechStartMs / 1000 - truth.start)).toBeLessThanOrEqual(0.25);
        expect(Math.abs(u.endMs / 1000 - truth.end)).toBeLessThanOrEqual(0.25);
        expect(u.reason).toBe('silence');
        // the pre-roll starts the kept audio before the detected speech
        expect(u.startMs).toBeLessThan(u.speechStartMs);
      });
    },
    60_000,
  );

  it('finds no speech in silence and low noise', async () => {
    const vad = await SileroVad.create();
    let max = 0;
    for (let i = 0; i < 60; i++) {
      const frame = new Float32Array(VAD_FRAME).map(() => (Math.random() - 0.5) * 0.002);
      max = Math.max(max, await vad.probability(frame));
    }
    await vad.dispose();
    expect(max).toBeLessThan(0.5);
  });

  it('a missing model file is a clear "voice unavailable" error', async () => {
    await expect(SileroVad.create(join(dir, 'nope.onnx'))).rejects.toThrow(/Voice unavailable: the VAD model is missing/);
  });
});
