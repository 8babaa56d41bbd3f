// WAV in and out: PCM 8/16/24/32-bit and float32, any rate and channel count, decoded to 16 kHz mono
// float samples (what the VAD and whisper take). The CLI's `listen` reads user files with it, so a
// file that is not a WAV gets a clear error rather than noise.
import { readFile, writeFile } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';

export const SAMPLE_RATE = 16_000;

export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

export function decodeWav(buf: Buffer, name = 'the file'): Pcm {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new AppError('BAD_INPUT', `${name} is not a WAV file (RIFF/WAVE header missing).`);
  }
  let pos = 12;
  let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    let size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ') {
      fmt = { format: buf.readUInt16LE(body), channels: buf.readUInt16LE(body + 2), rate: buf.readUInt32LE(body + 4), bits: buf.readUInt16LE(body + 14) };
      if (fmt.format === 0xfffe && size >= 26) fmt.format = buf.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE
    } else if (id === 'data') {
      if (!fmt) throw new AppError('BAD_INPUT', `${name}: WAV data before its format chunk.`);
      if (size === 0xffffffff || body + size > buf.length) size = buf.length - body; // streamed WAVs leave the size open
      return { samples: toMono(buf.subarray(body, body + size), fmt, name), sampleRate: fmt.rate };
    }
    pos = body + size + (size % 2);
  }
  throw new AppError('BAD_INPUT', `${name}: WAV file without a data chunk.`);
}

function toMono(data: Buffer, fmt: { format: number; channels: number; bits: number }, name: string): Float32Array {
  const bytes = fmt.bits / 8;
  const ch = Math.max(1, fmt.channels);
  const read = sampleReader(data, fmt.format, fmt.bits, name);
  const frames = Math.floor(data.length / (bytes * ch));
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < ch; c++) sum += read((i * ch + c) * bytes);
    out[i] = sum / ch;
  }
  return out;
}

function sampleReader(d: Buffer, format: number, bits: number, name: string): (at: number) => number {
  if (format === 3 && bits === 32) return (at) => d.readFloatLE(at);
  if (format === 1 && bits === 16) return (at) => d.readInt16LE(at) / 32768;
  if (format === 1 && bits === 8) return (at) => (d.readUInt8(at) - 128) / 128;
  if (format === 1 && bits === 24) return (at) => d.readIntLE(at, 3) / 8388608;
  if (format === 1 && bits === 32) return (at) => d.readInt32LE(at) / 2147483648;
  throw new AppError('BAD_INPUT', `${name}: unsupported WAV encoding (format ${format}, ${bits} bits); use PCM or float.`);
}

/** Linear-interpolation resampling; enough for speech recognition at 16 kHz. */
export function resample(samples: Float32Array, from: number, to = SAMPLE_RATE): Float32Array {
  if (from === to) return samples;
  const n = Math.floor((samples.length * to) / from);
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return out;
}

export async function readWav16k(path: string): Promise<Float32Array> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch {
    throw new AppError('NOT_FOUND', `No audio file at ${path}.`);
  }
  const pcm = decodeWav(buf, path);
  return resample(pcm.samples, pcm.sampleRate);
}

export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] ?? 0) * 32767)));
  return out;
}

export function fromInt16(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}

export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const pcm = toInt16(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

export async function writeWav(path: string, samples: Float32Array, sampleRate = SAMPLE_RATE): Promise<void> {
  await writeFile(path, encodeWav(samples, sampleRate));
}
