// What starts in the background once the app is composed: the local API when the user turned it on,
// and the doctor's facts in the log.
import type { LocalApiService } from '../node/api/service.js';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './config.js';
import type { Foundations } from './foundations.js';

export function startBackground(config: AppConfig, base: Foundations, adapters: Adapters, localApi: LocalApiService): void {
  const { logger } = base;
  // The desktop and web hosts open it when the user turned it on; CLI commands never do (agentic serve opens its own).
  if (config.host !== 'cli') void localApi.sync().catch((error: unknown) => logger.warn('local api sync failed', { error: String(error) }));
  // What runs where, in the log at start-up (issue 27): the doctor's facts, loading no engine.
  adapters.doctor(base.version, false).then(
    (r) =>
      logger.info('doctor', {
        cpu: r.cpu,
        gpus: r.gpus,
        llama: r.llama,
        sandbox: r.sandbox.kind,
        router: r.router.available,
        speeds: r.speeds,
        problems: r.problems.map((p) => p.what),
      }),
    (error: unknown) => logger.warn('doctor: could not gather the facts', { error: String(error) }),
  );
}
