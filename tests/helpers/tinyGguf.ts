// Writes a tiny random-weight llama GGUF for tests: the tokenizer comes from one of the vocab-only GGUF
// files in the llama.cpp source bundled with node-llama-cpp, the weights are random (2 layers, dim 64).
// The model is gibberish by design; it exercises the real engine (loading, sampling, grammar, KV cache).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { seededRandom } from '../../scripts/router/model.js';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE_DIR = join(ROOT, '.cache');
const SOURCE_DIR = join(CACHE_DIR, 'llama.cpp-src');
const BUNDLE = join(ROOT, 'node_modules/node-llama-cpp/llama/gitRelease.bundle');

export interface TinyModelOptions {
  /** Which `models/ggml-vocab-<name>.gguf` to take the tokenizer from. */
  vocab?: string;
  contextLength?: number;
  seed?: number;
}

const GGUF_MAGIC = 0x46554747;
const ALIGNMENT = 32;
enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  U64 = 10,
}
const SCALAR_SIZE: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

/** Path of the cached tiny model, generated on first use (same options → same file). */
export function tinyModelPath(options: TinyModelOptions = {}): string {
  const vocab = options.vocab ?? 'llama-spm';
  const ctx = options.contextLength ?? 2048;
  const seed = options.seed ?? 1;
  const out = join(CACHE_DIR, 'models', `tiny-llama-${vocab}-ctx${ctx}-s${seed}.gguf`);
  if (existsSync(out)) return out;
  mkdirSync(dirname(out), { recursive: true });
  const bytes = buildTinyModel(readFileSync(vocabPath(vocab)), ctx, seed);
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out); // atomic: parallel test workers never see half a file
  return out;
}

export function vocabPath(vocab: string): string {
  const file = join(SOURCE_DIR, 'models', `ggml-vocab-${vocab}.gguf`);
  if (!existsSync(file)) {
    if (!existsSync(join(SOURCE_DIR, '.git'))) {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Clone beside and rename: parallel test workers must never see a half-cloned tree.
      const tmp = `${SOURCE_DIR}.${process.pid}.tmp`;
      execFileSync('git', ['clone', '-q', BUNDLE, tmp], { stdio: 'ignore' });
      try {
        renameSync(tmp, SOURCE_DIR);
      } catch {
        rmSync(tmp, { recursive: true, force: true }); // another worker won the race
      }
    }
    if (!existsSync(file)) throw new Error(`No vocab file ${file}`);
  }
  return file;
}

/** Raw bytes of the vocab file's `tokenizer.*` key/values, copied as they are. */
function tokenizerKvs(vocab: Buffer): { count: number; bytes: Buffer } {
  if (vocab.readUInt32LE(0) !== GGUF_MAGIC) throw new Error('not a GGUF file');
  const kvCount = Number(vocab.readBigUInt64LE(16));
  let pos = 24;
  const kept: Buffer[] = [];
  const skipValue = (type: number): void => {
    if (type === T.STRING) pos += 8 + Number(vocab.readBigUInt64LE(pos));
    else if (type === T.ARRAY) {
      const itemType = vocab.readUInt32LE(pos);
      const n = Number(vocab.readBigUInt64LE(pos + 4));
      pos += 12;
      if (itemType === T.STRING || itemType === T.ARRAY) for (let i = 0; i < n; i++) skipValue(itemType);
      else pos += n * SCALAR_SIZE[itemType]!;
    } else pos += SCALAR_SIZE[type]!;
  };
  for (let i = 0; i < kvCount; i++) {
    const start = pos;
    const keyLen = Number(vocab.readBigUInt64LE(pos));
    const key = vocab.toString('utf8', pos + 8, pos + 8 + keyLen);
    pos += 8 + keyLen;
    const type = vocab.readUInt32LE(pos);
    pos += 4;
    skipValue(type);
    if (key.startsWith('tokenizer.')) kept.push(vocab.subarray(start, pos));
  }
  return { count: kept.length, bytes: Buffer.concat(kept) };
}

function tokenCount(vocab: Buffer): number {
  const marker = Buffer.from('tokenizer.ggml.tokens');
  const at = vocab.indexOf(marker);
  if (at < 0) throw new Error('vocab has no tokenizer.ggml.tokens');
  return Number(vocab.readBigUInt64LE(at + marker.length + 8)); // after type u32 + item type u32
}

class Writer {
  private parts: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.parts.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(): void {
    const n = (ALIGNMENT - (this.length % ALIGNMENT)) % ALIGNMENT;
    if (n) this.push(Buffer.alloc(n));
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function f16Bits(value: number): number {
  const f = new Float32Array([value]);
  const x = new Uint32Array(f.buffer)[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  if (exp <= 0) return sign; // tiny values flush to zero: fine for random weights
  if (exp >= 31) return sign | 0x7bff;
  return sign | (exp << 10) | ((x >>> 13) & 0x3ff);
}

export function buildTinyModel(vocab: Buffer, contextLength: number, seed: number): Buffer {
  const dim = 64,
    layers = 2,
    heads = 4,
    ff = 128;
  const nVocab = tokenCount(vocab);
  const tok = tokenizerKvs(vocab);
  const tensors: Array<{ name: string; dims: number[]; f16: boolean }> = [
    { name: 'token_embd.weight', dims: [dim, nVocab], f16: true },
    { name: 'output_norm.weight', dims: [dim], f16: false },
  ];
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}.`;
    tensors.push(
      { name: `${p}attn_norm.weight`, dims: [dim], f16: false },
      { name: `${p}attn_q.weight`, dims: [dim, dim], f16: true },
      { name: `${p}attn_k.weight`, dims: [dim, dim], f16: true },
      { name: `${p}attn_v.weight`, dims: [dim, dim], f16: true },
      { name: `${p}attn_output.weight`, dims: [dim, dim], f16: true },
      { name: `${p}ffn_norm.weight`, dims: [dim], f16: false },
      { name: `${p}ffn_gate.weight`, dims: [dim, ff], f16: true },
      { name: `${p}ffn_up.weight`, dims: [dim, ff], f16: true },
      { name: `${p}ffn_down.weight`, dims: [ff, dim], f16: true },
    );
  }
  const w = new Writer();
  const kvs: Array<[string, T, number | string]> = [
    ['general.architecture', T.STRING, 'llama'],
    ['general.name', T.STRING, 'tiny-random-llama'],
    ['general.alignment', T.U32, ALIGNMENT],
    ['llama.context_length', T.U32, contextLength],
    ['llama.embedding_length', T.U32, dim],
    ['llama.block_count', T.U32, layers],
    ['llama.feed_forward_length', T.U32, ff],
    ['llama.attention.head_count', T.U32, heads],
    ['llama.attention.head_count_kv', T.U32, heads],
    ['llama.rope.dimension_count', T.U32, dim / heads],
    ['llama.attention.layer_norm_rms_epsilon', T.F32, 1e-5],
    ['general.file_type', T.U32, 1], // mostly F16
  ];
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kvs.length + tok.count);
  for (const [key, type, value] of kvs) {
    w.str(key);
    w.u32(type);
    if (type === T.STRING) w.str(value as string);
    else if (type === T.F32) w.f32(value as number);
    else w.u32(value as number);
  }
  w.push(tok.bytes);
  const sizes = tensors.map((t) => t.dims.reduce((a, b) => a * b, 1) * (t.f16 ? 2 : 4));
  let offset = 0;
  tensors.forEach((t, i) => {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(t.f16 ? 1 : 0);
    w.u64(offset);
    offset += Math.ceil(sizes[i]! / ALIGNMENT) * ALIGNMENT;
  });
  w.pad();
  const rand = seededRandom(seed);
  tensors.forEach((t, i) => {
    const n = sizes[i]! / (t.f16 ? 2 : 4);
    const b = Buffer.alloc(sizes[i]!);
    for (let j = 0; j < n; j++) {
      if (t.f16) b.writeUInt16LE(f16Bits((rand() * 2 - 1) * 0.5), j * 2);
      else b.writeFloatLE(1, j * 4); // norm weights of 1 keep activations sane
    }
    w.push(b);
    w.pad();
  });
  return w.done();
}
