// Loading the embedded model: the GGUF file, the context and its sequences, the prompt-state cache,
// with the load's progress reported for the header. The provider (llamaCpp.ts) runs on what it returns.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Llama, LlamaChat, LlamaContext, LlamaContextSequence, LlamaModel, Token } from 'node-llama-cpp';
import { AppError } from '../../common/errors.js';
import type { Placement } from '../../common/placement.js';
import type { Logger } from '../../core/ports.js';
import type { Importer } from '../loadOptional.js';
import { defaultThreadCount } from './hardware.js';
import { sharedLlama, type LlamaGpu, type LlamaModule } from './llamaEngine.js';
import { loadReason, loadWithGpuFallback, outOfMemoryNote, type GpuLayers } from './gpuFallback.js';
import { createLoadReporter, type ModelLoadListener } from './loadProgress.js';
import { PromptStateCache } from './promptStates.js';

export interface LlamaCppProviderOptions {
  /** Path of a GGUF file. */
  modelPath: string;
  logger: Logger;
  /** llama.cpp threads; 0 or absent = physical cores − 1, at least 1. */
  threads?: number;
  /** Context size in tokens; 0 or absent = the largest the model and free memory allow. */
  contextSize?: number;
  /**
   * Upper bound for the automatic context size (default 32768): a 128k-token model would otherwise claim
   * its whole KV cache (many GB) although CPU prompt processing of that much text takes hours.
   */
  maxAutoContextSize?: number;
  /** Layers offloaded to the GPU; 'auto' (default) lets node-llama-cpp fit them to free VRAM. */
  gpuLayers?: number | 'auto';
  /** false forces CPU (tests, machines with broken drivers); a build name is a pin from Settings (engineSelect.ts). */
  gpu?: LlamaGpu;
  /** Conversations kept in the KV cache at once (each costs a context's worth of memory). Default 1. */
  sequences?: number;
  temperature?: number;
  seed?: number;
  /** Off by default: code legitimately repeats identifiers, and the penalty costs time per token. */
  repeatPenalty?: boolean;
  /** Where evaluated system prompts are kept across sessions and restarts (promptStates.ts); none = not kept. */
  promptCacheDir?: string;
  /** How node-llama-cpp is imported (llamaEngine.ts); tests pass one that fails. */
  engine?: Importer<LlamaModule>;
  /** The load's progress (throttled, 0..1), then loaded or failed: the header's loading bar. */
  onLoad?: ModelLoadListener;
}

export const DEFAULT_MAX_AUTO_CONTEXT = 32_768;

export interface Slot {
  sequence: LlamaContextSequence;
  chat: LlamaChat;
  owner: string | null;
  lastUsed: number;
  /** Calls on one sequence run one after another. */
  queue: Promise<unknown>;
  /** Tokens at the start of the sequence that are its conversation's system prompt: kept on release. */
  systemTokens: number;
}

export interface Engine {
  llama: Llama;
  /** node-llama-cpp itself, for its value exports (LlamaText) where a call needs one. */
  module: LlamaModule;
  model: LlamaModel;
  context: LlamaContext;
  slots: Slot[];
  prompts: PromptStateCache | null;
  /** Rendered system prompts by text: a few agents, so a few entries. */
  systemPrefixes: Map<string, Token[]>;
  /** Where it was loaded: what a reload after running out of GPU memory starts from (gpuRecovery.ts). */
  placement: Placement;
}

/** Layers the model has (its blocks plus the output layer), read from the GGUF header; null if unreadable. */
async function layerCount(module: LlamaModule, modelPath: string): Promise<number | null> {
  try {
    const info = await module.readGgufFileInfo(modelPath, { readTensorInfo: false });
    const blocks = (info.architectureMetadata as { block_count?: number }).block_count;
    return typeof blocks === 'number' ? blocks + 1 : null;
  } catch {
    return null;
  }
}

/**
 * The model and its context: the context's KV cache and compute buffers need GPU memory too, so a
 * context that does not fit is an out-of-memory load like the weights (fewer layers leave it room).
 */
async function modelAndContext(
  llama: Llama,
  options: LlamaCppProviderOptions,
  sequences: number,
  load: { gpuLayers: GpuLayers; loadSignal: AbortSignal; onLoadProgress: (p: number) => void },
): Promise<{ model: LlamaModel; context: LlamaContext }> {
  const model = await llama.loadModel({ modelPath: options.modelPath, ...load });
  const wanted = options.contextSize ?? 0;
  try {
    const context = await model.createContext({
      sequences,
      threads: defaultThreadCount(options.threads ?? 0),
      contextSize: wanted > 0 ? Math.min(wanted, model.trainContextSize) : { max: options.maxAutoContextSize ?? DEFAULT_MAX_AUTO_CONTEXT },
    });
    return { model, context };
  } catch (error) {
    await model.dispose(); // the next try loads it again with fewer layers
    throw error;
  }
}

/** Waits for the calls queued on `engine`, then frees its context and model. */
export async function disposeEngine(engine: Engine): Promise<void> {
  await Promise.allSettled(engine.slots.map((s) => s.queue));
  await engine.context.dispose();
  await engine.model.dispose();
}

/** `reloadReason`: why this load runs with fewer layers (a reply ran out of GPU memory), for the placement's note. */
export async function loadLlamaEngine(options: LlamaCppProviderOptions, loadSignal: AbortSignal, onLoad: ModelLoadListener, reloadReason?: string): Promise<Engine> {
  const { modelPath, logger } = options;
  const started = performance.now();
  const report = createLoadReporter(basename(modelPath), onLoad);
  try {
    if (!existsSync(modelPath)) {
      throw new AppError('MODEL_LOAD_FAILED', `Model file not found: ${modelPath}. Download a model in Settings → Models or pass --model PATH.`);
    }
    const { llama, module } = await sharedLlama(options.gpu ?? 'auto', logger, options.engine);
    // On a GPU, an out-of-memory load retries with fewer layers, then on the CPU (gpuFallback.ts).
    const totalLayers = await layerCount(module, modelPath);
    const first = options.gpuLayers ?? 'auto';
    let reason = reloadReason ?? null;
    const sequences = Math.max(1, options.sequences ?? 1);
    const load = (gpuLayers: GpuLayers) => modelAndContext(llama, options, sequences, { gpuLayers, loadSignal, onLoadProgress: (p) => report.progress(p) });
    const { model, context } = await loadWithGpuFallback(load, {
      first,
      totalLayers,
      onGpu: llama.gpu !== false,
      logger,
      onFallback: () => (reason ??= loadReason(first)),
    });
    const slots: Slot[] = [];
    for (let i = 0; i < sequences; i++) {
      const sequence = context.getSequence();
      slots.push({ sequence, chat: new module.LlamaChat({ contextSequence: sequence }), owner: null, lastUsed: 0, queue: Promise.resolve(), systemTokens: 0 });
    }
    const { promptCacheDir } = options;
    const prompts = promptCacheDir ? new PromptStateCache({ dir: promptCacheDir, modelPath, contextSize: context.contextSize, logger }) : null;
    // What node-llama-cpp actually did (its fitting may offload fewer layers or shrink the context).
    const placement: Placement = { engine: llama.gpu || 'cpu', gpuLayers: model.gpuLayers, totalLayers, contextSize: context.contextSize };
    // Fewer layers than fitted: say why where the placement is shown.
    if (reason) placement.note = outOfMemoryNote(reason, model.gpuLayers, totalLayers);
    logger.info('llama: model loaded', { modelPath, ...placement, ms: Math.round(performance.now() - started) });
    report.loaded(placement);
    return { llama, module, model, context, slots, prompts, systemPrefixes: new Map(), placement };
  } catch (error) {
    const failure =
      error instanceof AppError
        ? error
        : new AppError(
            'MODEL_LOAD_FAILED',
            `Could not load ${modelPath}: ${error instanceof Error ? error.message : String(error)}. Check that it is a complete GGUF file and that there is enough free memory.`,
            { cause: error },
          );
    report.failed(failure.message);
    throw failure;
  }
}
