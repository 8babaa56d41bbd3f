// Holds the active LlmProvider and replaces it when the provider settings change. Turns already
// running keep the provider they started with.
import { readFileSync } from 'node:fs';
import { AppError } from '../../common/errors.js';
import type { ProviderSettings } from '../../common/settings.js';
import { parseReplayFile, ReplayProvider } from '../../core/llm/replay.js';
import type { LlmProvider, Logger } from '../../core/ports.js';

export type ProviderFactory = (settings: ProviderSettings) => LlmProvider;

export class ProviderHolder {
  private provider: LlmProvider | null = null;
  private key = '';

  constructor(
    private readonly settings: () => ProviderSettings,
    private readonly factory: ProviderFactory,
    private readonly logger: Logger,
  ) {}

  get(): LlmProvider {
    const s = this.settings();
    const key = JSON.stringify(s);
    if (!this.provider || key !== this.key) {
      const old = this.provider;
      this.provider = this.factory(s);
      this.key = key;
      if (old?.dispose) old.dispose().catch((error: unknown) => this.logger.warn('provider dispose failed', { error: String(error) }));
    }
    return this.provider;
  }

  async dispose(): Promise<void> {
    await this.provider?.dispose?.();
    this.provider = null;
  }
}

/** The replay provider from a `{"responses": […]}` file; errors name the file. */
export function loadReplayProvider(path: string, chunkDelayMs = 1): ReplayProvider {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new AppError('REPLAY_INVALID', `Cannot read the replay file ${path}.`);
  }
  return new ReplayProvider(parseReplayFile(text), { chunkDelayMs });
}

/** A provider whose implementation (and its heavy modules) loads on first use. */
export function lazyProvider(load: () => Promise<LlmProvider>): LlmProvider {
  let loading: Promise<LlmProvider> | null = null;
  const real = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    info: async (signal) => (await real()).info(signal),
    complete: async (request) => (await real()).complete(request),
    countTokens: async (text) => (await real()).countTokens(text),
    release: (key) => void loading?.then((p) => p.release?.(key)),
    embed: async (texts, signal) => {
      const provider = await real();
      if (!provider.embed) throw new AppError('BAD_INPUT', 'This provider has no embeddings: the embedded model (llama) serves them.');
      return provider.embed(texts, signal);
    },
    dispose: async () => {
      if (loading) await (await loading.catch(() => null))?.dispose?.();
    },
  };
}
