// `agentic doctor [--json]`: what runs where on this computer (engines, GPUs, memory, sandbox,
// interpreters, speech, router, measured speeds) and what to do about each problem; --json prints one object.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appPaths } from '../../app/paths.js';
import { collectDoctor } from '../../node/doctor/collect.js';
import { formatDoctor } from '../../node/doctor/format.js';
import { localDoctorSources } from '../../node/doctor/sources.js';
import { enginesDir, registerDownloadedEngines } from '../../node/llm/engines/resolve.js';
import { createLogger } from '../../node/logger.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import type { DoctorArgs } from './args.js';

export async function doctorCommand(args: DoctorArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const logger = createLogger({ level: 'error' });
  registerDownloadedEngines(enginesDir(paths.modelsDir));
  const settings = new SettingsFile(join(paths.dataDir, 'settings.json'), logger).get();
  const version = (JSON.parse(readFileSync(join(paths.appRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const report = await collectDoctor(localDoctorSources({ version, provider: settings.provider, dataDir: paths.dataDir, modelsDir: paths.modelsDir, logger, probeEngines: true }));
  process.stdout.write((args.json ? JSON.stringify(report) : formatDoctor(report)) + '\n');
  return 0;
}
