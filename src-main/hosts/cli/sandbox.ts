// `agentic sandbox --explain [--workspace DIR] [--json]`: the effective sandbox policy for a
// workspace (mounts, environment, limits, network, what is hidden), from the same code that runs blocks.
import { join, resolve } from 'node:path';
import { appPaths } from '../../app/paths.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import { defaultHomesDir } from '../../node/exec/privateHome.js';
import { explainSandbox, formatExplanation } from '../../node/exec/explain.js';
import { detectSandbox } from '../../node/exec/sandbox.js';
import { limitsOf } from '../../node/exec/sandboxPolicy.js';
import { toolchainRoots } from '../../node/exec/blockSpec.js';
import { detectToolchains } from '../../node/exec/toolchains.js';
import { createLogger } from '../../node/logger.js';
import type { SandboxArgs } from './args.js';

export async function sandboxCommand(args: SandboxArgs): Promise<number> {
  const paths = appPaths({ host: 'cli' });
  const settings = new SettingsFile(join(paths.dataDir, 'settings.json'), createLogger({ level: 'error' })).get();
  const [sandbox, toolchains] = await Promise.all([detectSandbox(), detectToolchains()]);
  const s = settings.sandbox;
  const explanation = await explainSandbox(
    {
      sandbox,
      network: () => s.network,
      limits: () => limitsOf(s),
      homesDir: defaultHomesDir(paths.dataDir),
      hidden: [paths.dataDir, paths.modelsDir],
      readOnly: toolchainRoots(toolchains),
      allowUnsandboxed: s.allowUnsandboxed,
    },
    resolve(args.workspace ?? (settings.workspace || paths.workspace)),
  );
  process.stdout.write((args.json ? JSON.stringify(explanation, null, 2) : formatExplanation(explanation)) + '\n');
  return 0;
}
