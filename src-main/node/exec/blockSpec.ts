// The sandbox spec of a block, from the code tools' options and the workspace: the one place that
// decides what a block sees, shared by the tools and `agentic sandbox --explain`.
import { AppError } from '../../common/errors.js';
import { privateHome } from './privateHome.js';
import type { SandboxInfo } from './sandbox.js';
import { DEFAULT_LIMITS, unsafeWorkspace, type SandboxLimits, type SandboxSpec } from './sandboxPolicy.js';
import type { Toolchain } from './toolchains.js';

export interface SpecOptions {
  sandbox: SandboxInfo;
  network: () => boolean;
  limits: () => SandboxLimits;
  /** Where each workspace's private home is made. */
  homesDir: string;
  /** Never shown to a block (the app's data folder). The homes folder is added. */
  hidden: readonly string[];
  /** Read-only folders of every detected toolchain (a bash block may run any of them). */
  readOnly: readonly string[];
}

export function toolchainRoots(toolchains: readonly Toolchain[]): string[] {
  return [...new Set(toolchains.filter((t) => t.available).flatMap((t) => t.roots ?? []))];
}

/** The spec for blocks of `workspace`, without the block's own build folder. */
export async function specFor(options: SpecOptions, workspace: string): Promise<Omit<SandboxSpec, 'writable'>> {
  const layout = options.sandbox.layout;
  const unsafe = layout ? unsafeWorkspace(workspace, layout) : null;
  if (unsafe && options.sandbox.kind !== 'none') throw new AppError('BAD_INPUT', `Blocks cannot run here: ${unsafe}. Choose a project folder as the workspace.`);
  return {
    workspace,
    network: options.network(),
    home: await privateHome(options.homesDir, workspace),
    readOnly: [...options.readOnly],
    hidden: [...options.hidden, options.homesDir],
    limits: { ...DEFAULT_LIMITS, ...options.limits() },
  };
}
