// models.*: the catalogue, downloads (one at a time per model, cancellable), local GGUF files, and the
// self-test results of `agentic models test`.
import type { Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import { selfTestModelKey } from '../../common/selfTest.js';
import type { Emit } from '../../core/ports.js';
import type { ModelManager } from '../llm/modelManager.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { readSelfTestResults } from './selfTestResults.js';

type ModelCommands = 'models.list' | 'models.download' | 'models.cancel' | 'models.delete' | 'models.openLocal' | 'models.testResults';

export function createModelHandlers(deps: {
  models: ModelManager;
  settings: SettingsStore;
  emit: Emit;
  /** Where `agentic models test` keeps each model's result (issue 25). */
  modelTestsDir?: string;
}): Pick<Handlers, ModelCommands> {
  const { models, settings } = deps;
  const downloads = new Map<string, AbortController>();
  return {
    'models.list': async () => models.list(settings.get().provider.model),
    'models.download': async ({ id }) => {
      if (downloads.has(id)) throw new AppError('BAD_INPUT', `${id} is already downloading.`);
      const controller = new AbortController();
      downloads.set(id, controller);
      const progress = (receivedBytes: number, totalBytes: number | null, done: boolean) =>
        deps.emit({ type: 'model.progress', sessionId: null, turnId: null, modelId: id, receivedBytes, totalBytes, done });
      try {
        const result = await models.download(id, { signal: controller.signal, onProgress: (p) => progress(p.receivedBytes, p.totalBytes, false) });
        progress(0, null, true);
        return result;
      } finally {
        downloads.delete(id);
      }
    },
    'models.cancel': async ({ id, discard }) => {
      const controller = downloads.get(id);
      controller?.abort();
      if (discard) {
        // Wait for the aborted download to let go of its partial file before deleting it.
        for (let i = 0; i < 50 && downloads.has(id); i++) await new Promise((r) => setTimeout(r, 20));
        await models.delete(id);
      }
      return { cancelled: controller !== undefined };
    },
    'models.delete': async ({ id }) => models.delete(id),
    'models.openLocal': async ({ path }) => models.openLocal(path),
    'models.testResults': async () => {
      const p = settings.get().provider;
      return { current: selfTestModelKey(p.kind, p.model), results: deps.modelTestsDir ? await readSelfTestResults(deps.modelTestsDir) : [] };
    },
  };
}
