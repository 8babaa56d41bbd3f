// `agentic engines list [--json]` and `agentic engines use auto|cuda|vulkan|metal|cpu`: the llama.cpp
// builds installed here, the order they would be tried in (with the reasons), and the pin in Settings.
import { join } from 'node:path';
import { appPaths } from '../../app/paths.js';
import { selectEngine } from '../../node/llm/engineSelect.js';
import { detectGpus } from '../../node/llm/gpuDetect.js';
import { installedLlamaBuilds, llamaBuildPackages } from '../../node/llm/llamaBuilds.js';
import { createLogger } from '../../node/logger.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import type { EnginesArgs } from './args.js';

export async function enginesCommand(args: EnginesArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const settings = new SettingsFile(join(paths.dataDir, 'settings.json'), createLogger({ level: 'error' }));
  if (args.action === 'use') {
    const provider = settings.get().provider;
    settings.update({ provider: { ...provider, engine: args.engine! } });
    process.stdout.write(`llama.cpp build: ${args.engine}${args.engine === 'auto' ? ' (CUDA → Vulkan → CPU)' : ' (pinned; falls back when it does not load)'}\n`);
    return 0;
  }
  const pin = settings.get().provider.engine;
  const installed = installedLlamaBuilds();
  const choice = selectEngine(await detectGpus(), installed, pin);
  const builds = Object.entries(llamaBuildPackages()).map(([build, pkg]) => ({ build, package: `@node-llama-cpp/${pkg}`, installed: installed.includes(build as never) }));
  if (args.json) process.stdout.write(JSON.stringify({ pin, builds, order: choice.order, reasons: choice.reasons }) + '\n');
  else {
    for (const b of builds) process.stdout.write(`${b.build.padEnd(8)} ${b.installed ? 'installed    ' : 'not installed'} ${b.package}\n`);
    process.stdout.write(`\nPinned: ${pin}. Tried in order: ${choice.order.join(' → ')}.\n${choice.reasons.join('\n')}\n`);
  }
  return 0;
}
