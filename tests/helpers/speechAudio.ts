// Real synthetic speech for voice tests: each sentence spoken by espeak-ng, resampled by sox to
// 16 kHz mono, joined with known silences. The true speech boundaries are measured on the samples
// (first and last sample above a small threshold), so tests compare the VAD against ground truth.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWav, encodeWav } from '../../src-main/node/voice/wav.js';

export interface SpeechFile {
  path: string;
  /** Speech boundaries in seconds. */
  segments: Array<{ start: number; end: number }>;
  durationSec: number;
}

function speak16k(text: string, dir: string, i: number, voice: string): Float32Array {
  const raw = join(dir, `s${i}-raw.wav`);
  const out = join(dir, `s${i}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', raw, text]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
  return decodeWav(readFileSync(out)).samples;
}

function bounds(s: Float32Array, threshold = 0.02): [number, number] {
  let a = 0;
  let b = s.length - 1;
  while (a < s.length && Math.abs(s[a]!) < threshold) a++;
  while (b > a && Math.abs(s[b]!) < threshold) b--;
  return [a, b + 1];
}

export function makeSpeechWav(dir: string, sentences: string[], options: { gapSec?: number; leadSec?: number; voice?: string; name?: string } = {}): SpeechFile {
  mkdirSync(dir, { recursive: true });
  const rate = 16_000;
  const gap = Math.round((options.gapSec ?? 1.5) * rate);
  const lead = Math.round((options.leadSec ?? 0.5) * rate);
  const parts: Float32Array[] = [new Float32Array(lead)];
  const segments: SpeechFile['segments'] = [];
  let at = lead;
  sentences.forEach((text, i) => {
    const s = speak16k(text, dir, i, options.voice ?? 'en');
    const [a, b] = bounds(s);
    const speech = s.subarray(a, b);
    segments.push({ start: at / rate, end: (at + speech.length) / rate });
    parts.push(speech, new Float32Array(gap));
    at += speech.length + gap;
  });
  const all = new Float32Array(at);
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  const path = join(dir, options.name ?? 'speech.wav');
  writeFileSync(path, encodeWav(all, rate));
  return { path, segments, durationSec: at / rate };
}
