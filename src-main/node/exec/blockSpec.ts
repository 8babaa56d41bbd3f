// The sandbox spec of a block, from the code tools' options and the workspace: the one place that
// decides what a block sees, shared by the tools and `agentic sandbox --explain`.
import path from 'node:path';
import { AppError } from '../../common/errors.js';
import { privateHome } from './privateHome.js';
import type { SandboxInfo } from './sandbox.js';
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxSpec } from './sandboxPolicy.js';
import { resolvedPath, resolvedPaths, unsafeWorkspace } from './workspacePolicy.js';
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

/**
 * The spec for blocks of `workspace`, without the block's own build folder. Every path in it is
 * resolved first (workspacePolicy.ts): the workspace is checked, bound and shown by its real path.
 */
export async function specFor(options: SpecOptions, workspace: string): Promise<Omit<SandboxSpec, 'writable'>> {
  const layout = options.sandbox.layout;
  const [real, hidden, readOnly, homesDir] = await Promise.all([
    resolvedPath(workspace),
    resolvedPaths([...options.hidden, options.homesDir]),
    resolvedPaths(options.readOnly),
    resolvedPath(options.homesDir),
  ]);
  const aliases = options.readOnly.map((given, i) => ({ path: path.resolve(given), target: readOnly[i]! })).filter((a) => a.path !== a.target);
  const unsafe = layout ? unsafeWorkspace(real, { ...layout, home: await resolvedPath(layout.home) }, hidden) : null;
  if (unsafe && options.sandbox.kind !== 'none') {
    const given = real === workspace ? '' : ` (${workspace} resolves to ${real})`;
    throw new AppError('BAD_INPUT', `Blocks cannot run here: ${unsafe}${given}. Choose a project folder as the workspace (a folder inside your home folder is fine).`);
  }
  return {
    workspace: real,
    network: options.network(),
    home: await privateHome(homesDir, real),
    readOnly,
    ...(aliases.length > 0 ? { aliases } : {}),
    hidden,
    limits: { ...DEFAULT_LIMITS, ...options.limits() },
  };
}
