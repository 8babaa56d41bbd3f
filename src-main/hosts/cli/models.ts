// `agentic models` and `agentic sessions`.
import { join } from 'node:path';
import { appPaths } from '../../app/paths.js';
import { escapeControls } from '../../common/terminalText.js';
import { formatSpeed } from '../../common/models.js';
import { loadCatalog, ModelManager } from '../../node/llm/modelManager.js';
import { speedSources } from '../../node/llm/machineProfile.js';
import { createLogger } from '../../node/logger.js';
import { SqliteStore } from '../../node/store/sqliteStore.js';
import { WhisperModels, whisperModelsDir } from '../../node/voice/models.js';
import { embeddingCatalogPath, embeddingModels } from '../../node/knowledge/embedder.js';
import type { ModelsArgs, SessionsArgs } from './args.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function modelsCommand(args: ModelsArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const llm = new ModelManager({
    modelsDir: paths.modelsDir,
    logger: createLogger({ level: 'error' }),
    catalog: loadCatalog(paths.catalog),
    // Speeds for this machine (issue 27): the cached CPU probe, the GPU llama.cpp finds, measured speeds.
    ...speedSources(paths.dataDir, paths.modelsDir, createLogger({ level: 'error' })),
  });
  // Speech-to-text models (whisper-*) share the command, in their own folder and catalogue.
  const whisper = new WhisperModels(whisperModelsDir(paths.modelsDir), createLogger({ level: 'error' }));
  // The knowledge index's embedding models too (issue 30).
  const embeddingIds = new Set(loadCatalog(embeddingCatalogPath()).map((e) => e.id));
  const embedding = embeddingModels(paths.modelsDir, createLogger({ level: 'error' }));
  const manager = args.id && whisper.catalog.some((e) => e.id === args.id) ? whisper.manager : args.id && embeddingIds.has(args.id) ? embedding : llm;
  if (args.action === 'list') {
    const models = [...(await llm.list()), ...(await whisper.list('')), ...(await embedding.list())];
    if (args.json) for (const m of models) process.stdout.write(JSON.stringify(m) + '\n');
    else {
      for (const m of models) {
        const speed = m.speed && `${formatSpeed(m.speed.generation)}${m.speed.basis === 'measured' ? ' measured' : ''}`;
        const flags = [m.installed && 'installed', m.recommended && 'recommended', !m.fits && 'too large for this machine', speed].filter(Boolean).join(', ');
        process.stdout.write(`${m.id.padEnd(28)} ${mb(m.sizeBytes).padStart(8)}  ${m.license.padEnd(12)} ${flags}\n`);
      }
    }
    return 0;
  }
  if (args.action === 'download') {
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    let last = 0;
    const { path } = await manager.download(args.id!, {
      signal: controller.signal,
      onProgress: ({ receivedBytes, totalBytes }) => {
        if (Date.now() - last < 500) return;
        last = Date.now();
        process.stderr.write(`\r${mb(receivedBytes)}${totalBytes ? ` / ${mb(totalBytes)}` : ''}   `);
      },
    });
    process.stderr.write('\n');
    process.stdout.write(`${path}\n`);
    return 0;
  }
  const { deleted } = await manager.delete(args.id!);
  process.stdout.write(deleted ? `deleted ${args.id}\n` : `${args.id} was not installed\n`);
  return 0;
}

export async function sessionsCommand(args: SessionsArgs): Promise<number> {
  const store = SqliteStore.open(join(appPaths({ host: 'cli' }).dataDir, 'sessions.db'));
  try {
    for (const s of store.listSessions()) {
      process.stdout.write(args.json ? JSON.stringify(s) + '\n' : `${s.id}  ${new Date(s.updatedAt).toISOString().slice(0, 16)}  ${escapeControls(s.title)}\n`);
    }
  } finally {
    store.close();
  }
  return 0;
}
