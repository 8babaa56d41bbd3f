// `agentic engines list [--json]`, `agentic engines use auto|cuda|vulkan|metal|cpu`, `agentic engines
// get cuda` and `agentic engines rm cuda`: the llama.cpp builds installed here, the order they would be
// tried in (with the reasons), the pin in Settings, and the CUDA build downloaded on demand (Ctrl-C
// pauses; running `get` again resumes where it stopped).
import { join } from 'node:path';
import { appPaths } from '../../app/paths.js';
import type { EngineDownloadStatus } from '../../common/engines.js';
import { selectEngine } from '../../node/llm/engineSelect.js';
import { enginesDir, registerDownloadedEngines } from '../../node/llm/engines/resolve.js';
import { EngineDownloads } from '../../node/llm/engines/service.js';
import { detectGpus } from '../../node/llm/gpuDetect.js';
import { installedLlamaBuilds, llamaBuildPackages } from '../../node/llm/llamaBuilds.js';
import { createLogger } from '../../node/logger.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import type { EnginesArgs } from './args.js';

const MB = 1e6;

function progressLine(s: EngineDownloadStatus): string {
  const size = s.totalBytes ? `${(s.receivedBytes / MB).toFixed(0)}/${(s.totalBytes / MB).toFixed(0)} MB` : `${(s.receivedBytes / MB).toFixed(0)} MB`;
  return s.state === 'downloading' ? `package ${s.part}/${s.parts}: ${size}` : `package ${s.part}/${s.parts}: ${s.state}`;
}

async function getCuda(downloads: EngineDownloads, json: boolean): Promise<number> {
  const before = downloads.status('cuda');
  if (!before.available) {
    process.stderr.write(before.error ?? 'This platform has no CUDA build of llama.cpp to download (Linux and Windows x64 only).\n');
    return 1;
  }
  let last = '';
  const { done } = downloads.start('cuda', (s) => {
    const line = progressLine(s);
    if (line !== last && !json) process.stderr.write(`\r${line}   `);
    last = line;
  });
  // Ctrl-C pauses: what arrived stays for the next `get`.
  const pause = () => void downloads.pause('cuda');
  process.once('SIGINT', pause);
  try {
    await done;
  } catch {
    // The status below carries the message.
  } finally {
    process.removeListener('SIGINT', pause);
  }
  const after = downloads.status('cuda');
  if (json) process.stdout.write(JSON.stringify(after) + '\n');
  else if (after.installed) process.stderr.write(`\rCUDA build ${after.installed} installed; it is tried first on an NVIDIA GPU (agentic engines list).\n`);
  else if (after.state === 'paused') process.stderr.write('\rPaused; run `agentic engines get cuda` again to resume.\n');
  else process.stderr.write(`\r${after.error ?? 'The download did not finish.'}\n`);
  return after.installed ? 0 : after.state === 'paused' ? 130 : 1;
}

export async function enginesCommand(args: EnginesArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const logger = createLogger({ level: 'error' });
  const settings = new SettingsFile(join(paths.dataDir, 'settings.json'), logger);
  const root = enginesDir(paths.modelsDir);
  registerDownloadedEngines(root);
  const downloads = EngineDownloads.forApp(root, paths.appRoot, logger);
  if (args.action === 'get') return getCuda(downloads, args.json);
  if (args.action === 'rm') {
    const { removed } = await downloads.remove('cuda');
    process.stdout.write(removed ? 'CUDA build removed.\n' : 'No CUDA build was installed or downloading.\n');
    return 0;
  }
  if (args.action === 'use') {
    const provider = settings.get().provider;
    settings.update({ provider: { ...provider, engine: args.engine! } });
    process.stdout.write(`llama.cpp build: ${args.engine}${args.engine === 'auto' ? ' (CUDA → Vulkan → CPU)' : ' (pinned; falls back when it does not load)'}\n`);
    return 0;
  }
  const pin = settings.get().provider.engine;
  const installed = installedLlamaBuilds();
  const choice = selectEngine(await detectGpus(), installed, pin);
  const cuda = downloads.status('cuda');
  const builds = Object.entries(llamaBuildPackages()).map(([build, pkg]) => ({
    build,
    package: `@node-llama-cpp/${pkg}`,
    installed: installed.includes(build as never),
    ...(build === 'cuda' ? { download: cuda } : {}),
  }));
  if (args.json) process.stdout.write(JSON.stringify({ pin, builds, order: choice.order, reasons: choice.reasons, enginesFolder: root }) + '\n');
  else {
    for (const b of builds) {
      const note =
        b.build === 'cuda' && !b.installed
          ? cuda.state === 'paused'
            ? '  (download paused: agentic engines get cuda resumes it)'
            : '  (agentic engines get cuda downloads it)'
          : '';
      process.stdout.write(`${b.build.padEnd(8)} ${b.installed ? 'installed    ' : 'not installed'} ${b.package}${note}\n`);
    }
    process.stdout.write(`\nPinned: ${pin}. Tried in order: ${choice.order.join(' → ')}.\n${choice.reasons.join('\n')}\n`);
  }
  return 0;
}
