// Measured speeds per model file: after each embedded-model call, the prompt-reading speed (tokens
// evaluated before the first token came) and the generation speed (tokens after it). Kept in a JSON
// file beside the models so the catalogue and the doctor show real figures instead of estimates.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Completion, CompletionRequest, LlmProvider, Logger } from '../../core/ports.js';
import type { EngineKind } from './speedEstimate.js';

const Measured = z.object({
  generation: z.number().positive(),
  promptReading: z.number().positive().nullable(),
  engine: z.enum(['cpu', 'cuda', 'vulkan', 'metal']),
  samples: z.number().int().positive(),
  at: z.string(),
});
export type MeasuredSpeed = z.infer<typeof Measured>;
const SpeedFile = z.record(z.string(), Measured);

/** Calls shorter than this say more about start-up costs than about speed. */
const MIN_GENERATED = 8;
const MIN_EVALUATED = 16;
/** Weight of a new sample in the running average: recent calls count most (drivers, settings change). */
const NEW_WEIGHT = 0.3;

export class SpeedStore {
  private speeds: Record<string, MeasuredSpeed>;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly logger?: Logger,
  ) {
    try {
      const parsed = SpeedFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      this.speeds = parsed.success ? parsed.data : {};
    } catch {
      this.speeds = {};
    }
  }

  /** The measured speed of a model file, or null when it never ran here. */
  get(modelPath: string): MeasuredSpeed | null {
    return this.speeds[modelPath] ?? null;
  }

  all(): Record<string, MeasuredSpeed> {
    return { ...this.speeds };
  }

  /** Adds one call's figures; a change of engine starts the average again. */
  record(modelPath: string, sample: { generation: number; promptReading: number | null; engine: EngineKind }): MeasuredSpeed {
    const old = this.speeds[modelPath];
    const blend = (a: number | null | undefined, b: number | null) => (b === null ? (a ?? null) : a == null ? b : a * (1 - NEW_WEIGHT) + b * NEW_WEIGHT);
    const same = old && old.engine === sample.engine ? old : undefined;
    const next: MeasuredSpeed = {
      generation: blend(same?.generation, sample.generation) ?? sample.generation,
      promptReading: blend(same?.promptReading, sample.promptReading),
      engine: sample.engine,
      samples: (same?.samples ?? 0) + 1,
      at: new Date().toISOString(),
    };
    this.speeds[modelPath] = next;
    this.writing = this.writing.then(() => this.save()).catch((error: unknown) => this.logger?.warn('speeds: could not save', { error: String(error) }));
    return next;
  }

  /** Resolves once every recorded figure is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private async save(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(`${this.file}.tmp`, JSON.stringify(this.speeds, null, 2));
    await rename(`${this.file}.tmp`, this.file);
  }
}

/** One call's speeds from its timings; null when the call was too short to say anything. */
export function speedOfCall(
  timing: { startedAt: number; firstTokenAt: number | null; endedAt: number },
  usage: Completion['usage'],
): { generation: number; promptReading: number | null } | null {
  if (!usage || timing.firstTokenAt === null || usage.completionTokens < MIN_GENERATED) return null;
  const writing = (timing.endedAt - timing.firstTokenAt) / 1000;
  if (writing <= 0) return null;
  const evaluated = usage.evaluatedTokens ?? usage.promptTokens;
  const reading = (timing.firstTokenAt - timing.startedAt) / 1000;
  return { generation: (usage.completionTokens - 1) / writing, promptReading: evaluated >= MIN_EVALUATED && reading > 0 ? evaluated / reading : null };
}

/** Wraps the embedded provider so every call it completes adds to the model's measured speed. */
export function withSpeedRecording(provider: LlmProvider, options: { store: SpeedStore; modelPath: string; engine: () => EngineKind; logger: Logger }): LlmProvider {
  const complete = async (request: CompletionRequest): Promise<Completion> => {
    // The first call loads the model: wait for that (info() loads, then answers from memory) before timing.
    await provider.info(request.signal);
    const startedAt = performance.now();
    let firstTokenAt: number | null = null;
    const completion = await provider.complete({
      ...request,
      onDelta: (delta) => {
        firstTokenAt ??= performance.now();
        request.onDelta?.(delta);
      },
    });
    const speed = speedOfCall({ startedAt, firstTokenAt, endedAt: performance.now() }, completion.usage);
    if (speed) {
      const kept = options.store.record(options.modelPath, { ...speed, engine: options.engine() });
      options.logger.debug('speeds: measured', {
        modelPath: options.modelPath,
        generation: Math.round(kept.generation),
        promptReading: kept.promptReading && Math.round(kept.promptReading),
      });
    }
    return completion;
  };
  // A proxy, not a new object: whatever else the provider offers (its engine, added methods) stays reachable.
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'complete') return complete;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
