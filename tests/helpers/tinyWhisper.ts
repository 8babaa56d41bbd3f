// Writes a tiny random-weight whisper model in whisper.cpp's legacy ggml format (the `ggml-*.bin`
// files whisper.cpp publishes): magic, hyper-parameters, mel filters, vocabulary, then each tensor
// as (n_dims, name length, type, shape, name, data). Layout read from whisper_model_load() in the
// whisper.cpp source bundled with @fugood/whisper.node. The vocabulary size is the multilingual
// one (51865) so language tokens, detection and `language` options behave as with a real model;
// the text it produces is gibberish by design.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../scripts/router/model.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GGML_MAGIC = 0x67676d6c;
const N_VOCAB = 51865; // multilingual
const BASE_TOKENS = 50257; // GPT-2 BPE tokens in the file; whisper.cpp adds the special ones

export interface TinyWhisperOptions {
  seed?: number;
  state?: number;
  layers?: number;
}

/** Path of the cached tiny whisper model, generated on first use (same options → same file). */
export function tinyWhisperPath(options: TinyWhisperOptions = {}): string {
  const seed = options.seed ?? 1;
  const state = options.state ?? 64;
  const layers = options.layers ?? 1;
  const out = join(ROOT, '.cache', 'models', `tiny-whisper-d${state}-l${layers}-s${seed}.bin`);
  if (existsSync(out)) return out;
  writeTinyWhisper(out, { seed, state, layers });
  return out;
}

export function writeTinyWhisper(out: string, options: TinyWhisperOptions = {}): void {
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, buildTinyWhisper(options));
  renameSync(tmp, out); // atomic: parallel test workers never see half a file
}

class Writer {
  private parts: Buffer[] = [];
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.parts.push(b);
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.parts.push(b);
  }
  push(b: Buffer): void {
    this.parts.push(b);
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function f16Bits(value: number): number {
  const x = new Uint32Array(new Float32Array([value]).buffer)[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7bff;
  return sign | (exp << 10) | ((x >>> 13) & 0x3ff);
}

type Kind = 'f16' | 'ones' | 'zeros' | 'f32';
interface TensorSpec {
  name: string;
  ne: number[];
  kind: Kind;
}

function tensorSpecs(d: number, audioLayers: number, textLayers: number): TensorSpec[] {
  const t: TensorSpec[] = [
    { name: 'encoder.positional_embedding', ne: [d, 1500], kind: 'f32' },
    { name: 'encoder.conv1.weight', ne: [3, 80, d], kind: 'f16' },
    { name: 'encoder.conv1.bias', ne: [1, d], kind: 'zeros' },
    { name: 'encoder.conv2.weight', ne: [3, d, d], kind: 'f16' },
    { name: 'encoder.conv2.bias', ne: [1, d], kind: 'zeros' },
    { name: 'encoder.ln_post.weight', ne: [d], kind: 'ones' },
    { name: 'encoder.ln_post.bias', ne: [d], kind: 'zeros' },
    { name: 'decoder.positional_embedding', ne: [d, 448], kind: 'f32' },
    { name: 'decoder.token_embedding.weight', ne: [d, N_VOCAB], kind: 'f16' },
    { name: 'decoder.ln.weight', ne: [d], kind: 'ones' },
    { name: 'decoder.ln.bias', ne: [d], kind: 'zeros' },
  ];
  const block = (p: string, cross: boolean): void => {
    const attn = (a: string): void => {
      t.push(
        { name: `${p}.${a}_ln.weight`, ne: [d], kind: 'ones' },
        { name: `${p}.${a}_ln.bias`, ne: [d], kind: 'zeros' },
        { name: `${p}.${a}.query.weight`, ne: [d, d], kind: 'f16' },
        { name: `${p}.${a}.query.bias`, ne: [d], kind: 'zeros' },
        { name: `${p}.${a}.key.weight`, ne: [d, d], kind: 'f16' },
        { name: `${p}.${a}.value.weight`, ne: [d, d], kind: 'f16' },
        { name: `${p}.${a}.value.bias`, ne: [d], kind: 'zeros' },
        { name: `${p}.${a}.out.weight`, ne: [d, d], kind: 'f16' },
        { name: `${p}.${a}.out.bias`, ne: [d], kind: 'zeros' },
      );
    };
    attn('attn');
    if (cross) attn('cross_attn');
    t.push(
      { name: `${p}.mlp_ln.weight`, ne: [d], kind: 'ones' },
      { name: `${p}.mlp_ln.bias`, ne: [d], kind: 'zeros' },
      { name: `${p}.mlp.0.weight`, ne: [d, 4 * d], kind: 'f16' },
      { name: `${p}.mlp.0.bias`, ne: [4 * d], kind: 'zeros' },
      { name: `${p}.mlp.2.weight`, ne: [4 * d, d], kind: 'f16' },
      { name: `${p}.mlp.2.bias`, ne: [d], kind: 'zeros' },
    );
  };
  for (let i = 0; i < audioLayers; i++) block(`encoder.blocks.${i}`, false);
  for (let i = 0; i < textLayers; i++) block(`decoder.blocks.${i}`, true);
  return t;
}

/** Pronounceable fake BPE tokens so the gibberish transcripts are plain ASCII words. */
function fakeToken(i: number): string {
  // Printable ASCII first: whisper.cpp looks up " " by text (suppress_blank) and throws without it.
  if (i < 95) return String.fromCharCode(32 + i);
  const c = 'bcdfghjklmnprstvwz',
    v = 'aeiou';
  let s = i % 3 === 0 ? ' ' : '';
  let n = i + 1;
  do {
    s += c[n % c.length]! + v[Math.floor(n / c.length) % v.length]!;
    n = Math.floor(n / (c.length * v.length));
  } while (n > 0);
  return s;
}

export function buildTinyWhisper(options: TinyWhisperOptions = {}): Buffer {
  const d = options.state ?? 64;
  const layers = options.layers ?? 1;
  const rand = seededRandom(options.seed ?? 1);
  const w = new Writer();
  w.u32(GGML_MAGIC);
  // n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state,
  // n_text_head, n_text_layer, n_mels, ftype (1 = mostly F16)
  for (const v of [N_VOCAB, 1500, d, 2, layers, 448, d, 2, layers, 80, 1]) w.i32(v);
  // Mel filters: 80 × 201 (n_fft / 2 + 1) floats.
  w.i32(80);
  w.i32(201);
  const filters = Buffer.alloc(80 * 201 * 4);
  for (let i = 0; i < 80 * 201; i++) filters.writeFloatLE(rand() * 0.02, i * 4);
  w.push(filters);
  w.i32(BASE_TOKENS);
  for (let i = 0; i < BASE_TOKENS; i++) {
    const b = Buffer.from(fakeToken(i), 'utf8');
    w.u32(b.length);
    w.push(b);
  }
  for (const spec of tensorSpecs(d, layers, layers)) {
    const name = Buffer.from(spec.name, 'utf8');
    const n = spec.ne.reduce((a, b) => a * b, 1);
    const f16 = spec.kind === 'f16';
    w.i32(spec.ne.length);
    w.i32(name.length);
    w.i32(f16 ? 1 : 0);
    for (const x of spec.ne) w.i32(x);
    w.push(name);
    const data = Buffer.alloc(n * (f16 ? 2 : 4));
    const scale = 1 / Math.sqrt(d);
    for (let j = 0; j < n; j++) {
      if (f16) data.writeUInt16LE(f16Bits((rand() * 2 - 1) * scale * 2), j * 2);
      else if (spec.kind === 'ones') data.writeFloatLE(1, j * 4);
      else if (spec.kind === 'f32') data.writeFloatLE((rand() * 2 - 1) * 0.1, j * 4);
    }
    w.push(data);
  }
  return w.done();
}
