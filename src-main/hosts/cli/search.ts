// `agentic search "QUERY" [--workspace DIR] [--json]`: brings the workspace's knowledge index up to
// date (only what is new or changed is read), then prints the best passages: with --json one object
// per line, {"path","page","lines","score","text"}, best first, page null where a file has none.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { appPaths } from '../../app/paths.js';
import { installedEmbedder, KnowledgeService } from '../../node/knowledge/service.js';
import { citation } from '../../node/tools/fileSearch.js';
import { createLogger } from '../../node/logger.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import { UsageError, type SearchArgs } from './args.js';

const HITS = 10;

export async function searchCommand(args: SearchArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const logger = createLogger({ level: 'error' });
  const settings = new SettingsFile(join(paths.dataDir, 'settings.json'), logger).get();
  const workspace = resolve(args.workspace ?? (settings.workspace || paths.workspace));
  if (!existsSync(workspace) || !statSync(workspace).isDirectory()) throw new UsageError(`The workspace ${workspace} is not a folder.`);
  const tty = process.stderr.isTTY;
  const knowledge = new KnowledgeService({
    dataDir: paths.dataDir,
    logger,
    watch: false,
    untrustedMarks: () => settings.untrustedPaths,
    embedder: installedEmbedder(paths.modelsDir, logger),
    onProgress: (p) => tty && p.pending > 0 && process.stderr.write(`\rindexing: ${p.files} files, ${p.pending} to go   `),
  });
  try {
    const hits = await knowledge.searchWorkspace(workspace, args.query, { refresh: true, limit: HITS });
    if (tty) process.stderr.write('\r\x1b[K');
    for (const hit of hits) {
      if (args.json) process.stdout.write(JSON.stringify({ path: hit.path, page: hit.page, lines: hit.lines, score: hit.score, text: hit.text }) + '\n');
      else process.stdout.write(`${citation(hit)}${hit.untrusted ? '  [untrusted]' : ''}\n  ${hit.text.replace(/\s+/g, ' ').slice(0, 240)}\n`);
    }
    if (!args.json && hits.length === 0) process.stdout.write(`No passage matches "${args.query}".\n`);
    return 0;
  } finally {
    await knowledge.close();
  }
}
