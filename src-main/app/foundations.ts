// The first layer of the app: where its files are, its logger, settings, secrets, session store and
// event bus. Everything else is built on these; none of them starts anything heavy.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EventBus } from '../core/engine/eventBus.js';
import type { PromptSource } from '../core/prompts.js';
import type { Logger } from '../core/ports.js';
import { createLogger } from '../node/logger.js';
import { createPromptFiles } from '../node/settings/promptFiles.js';
import { SecretStore } from '../node/settings/secrets.js';
import { SettingsFile } from '../node/settings/settingsFile.js';
import { SqliteStore } from '../node/store/sqliteStore.js';
import type { AppConfig } from './config.js';
import { appPaths, type AppPaths } from './paths.js';

export interface Foundations {
  logger: Logger;
  paths: AppPaths;
  /** package.json's version, for app.info and the doctor. */
  version: string;
  prompts: PromptSource;
  settings: SettingsFile;
  secrets: SecretStore;
  store: SqliteStore;
  bus: EventBus;
  /** The workspace folder of now (Settings may change it), created when missing. */
  workspace: () => string;
}

export function createFoundations(config: AppConfig): Foundations {
  const logger = config.logger ?? createLogger();
  // Without paths (tests, or a host that passes only dataDir) everything lives under dataDir.
  const paths = config.paths ?? appPaths({ host: config.host, agenticHome: config.dataDir, userData: config.dataDir });
  const { dataDir } = paths;
  const settings = new SettingsFile(join(dataDir, 'settings.json'), logger, config.settings);
  const workspace = () => {
    const dir = resolve(settings.get().workspace || paths.workspace);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  // WAL + synchronous=NORMAL: a committed write survives a crash or kill -9 of the app (tested 100
  // times); only a power cut may roll back the last commits. FULL would fsync every write (~0.5–5 ms
  // each, several per step) for that last case.
  const store = SqliteStore.open(join(dataDir, 'sessions.db'), { synchronous: 'NORMAL' });
  const secrets = new SecretStore(join(dataDir, 'secrets.json'), logger, config.cipher ?? null);
  const bus = new EventBus((error) => logger.error('event listener failed', { error: String(error) }));
  const { version } = JSON.parse(readFileSync(join(paths.appRoot, 'package.json'), 'utf8')) as { version: string };
  return { logger, paths, version, prompts: createPromptFiles(paths.prompts), settings, secrets, store, bus, workspace };
}
