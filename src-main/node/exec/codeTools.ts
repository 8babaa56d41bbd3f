// The code tools of this machine: toolchains and sandbox detected once, one Tool per language.
import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger, Tool } from '../../core/ports.js';
import { processAlive } from '../processAlive.js';
import { createCodeTool, missingToolchainTool } from './languageTool.js';
import { toolchainRoots } from './blockSpec.js';
import { explainSandbox, type SandboxExplanation } from './explain.js';
import { detectSandbox, type SandboxInfo } from './sandbox.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './sandboxPolicy.js';
import { cachedToolchains } from './toolchainCache.js';
import { detectToolchains, type Toolchain } from './toolchains.js';

export interface CreateCodeToolsOptions {
  /** Network inside the sandbox (settings.sandbox.network; default on). A getter is read at each block. */
  network?: boolean | (() => boolean);
  /** Compile time limit per block (settings.compileTimeoutSec; default 60 s); a getter is read at each block. The run limit is ToolContext.timeoutMs. */
  compileTimeoutMs?: number | (() => number);
  /** Characters of output kept per block (default 1 MiB). */
  outputCap?: number;
  /** Per-block limits (settings.sandbox); a getter is read at each block. */
  limits?: Partial<SandboxLimits> | (() => Partial<SandboxLimits>);
  /** Whether blocks may run where no sandbox is available (settings.sandbox.allowUnsandboxed; default no). */
  allowUnsandboxed?: boolean | (() => boolean);
  /** Where each workspace's private home is made; default a fresh folder under the system temp folder. */
  homesDir?: string;
  /** Folders no block may see (the app's data folder). */
  hidden?: string[];
  logger?: Logger;
  /** A file where detected toolchains are kept between starts (toolchainCache.ts); none = detect each time. */
  toolchainCache?: string;
  /** Pre-detected toolchains or sandbox (tests, or a host that detected them already). */
  toolchains?: Toolchain[];
  sandbox?: SandboxInfo;
}

export interface CodeTools {
  /** One tool per installed language. */
  tools: Tool[];
  /** Installed languages, for the prompt. */
  languages: string[];
  /** Tools for the languages not installed: they answer with feedback naming what is missing. */
  unavailable: Tool[];
  toolchains: Toolchain[];
  sandbox: { available: boolean; kind: string; warning: string | null };
  /** The full detection result and options, for `agentic sandbox --explain`. */
  sandboxInfo: SandboxInfo;
  homesDir: string;
  /** The effective policy for blocks of `workspace`, with the settings of now (Settings, --explain). */
  explain(workspace: string): Promise<SandboxExplanation>;
}

function getter<T>(value: T | (() => T) | undefined, fallback: T): () => T {
  if (typeof value === 'function') return value as () => T;
  return () => value ?? fallback;
}

/** Build folders (agentic-block-PID-*) of app processes that were killed before their block's cleanup ran. */
async function sweepBuildFolders(): Promise<void> {
  for (const name of await readdir(os.tmpdir()).catch(() => [] as string[])) {
    const owner = Number(/^agentic-block-(\d+)-/.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(owner) && owner !== process.pid && !processAlive(owner)) await rm(path.join(os.tmpdir(), name), { recursive: true, force: true }).catch(() => {});
  }
}

export async function createCodeTools(options: CreateCodeToolsOptions = {}): Promise<CodeTools> {
  const detect = () => (options.toolchainCache ? cachedToolchains(options.toolchainCache, detectToolchains) : detectToolchains());
  const [toolchains, sandbox] = await Promise.all([options.toolchains ?? detect(), options.sandbox ?? detectSandbox()]);
  const homesDir = options.homesDir ?? path.join(os.tmpdir(), `agentic-homes-${process.getuid?.() ?? 'user'}`);
  await Promise.all([mkdir(homesDir, { recursive: true, mode: 0o700 }), sweepBuildFolders()]);
  if (sandbox.warning) options.logger?.warn(sandbox.warning);
  const installed = toolchains.filter((t) => t.available);
  const languages = installed.map((t) => t.language);
  const toolOptions = {
    sandbox,
    network: getter(options.network, true),
    compileTimeoutMs: getter(options.compileTimeoutMs, 60_000),
    limits: () => ({ ...DEFAULT_LIMITS, ...getter(options.limits, {})() }),
    allowUnsandboxed: getter(options.allowUnsandboxed, false),
    homesDir,
    hidden: options.hidden ?? [],
    readOnly: toolchainRoots(toolchains),
    ...(options.outputCap !== undefined ? { outputCap: options.outputCap } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  return {
    tools: installed.map((t) => createCodeTool(t, toolOptions)),
    languages,
    unavailable: toolchains.filter((t) => !t.available).map((t) => missingToolchainTool(t.language, t.missing, languages)),
    toolchains,
    sandbox: { available: sandbox.available, kind: sandbox.kind, warning: sandbox.warning },
    sandboxInfo: sandbox,
    homesDir,
    explain: (workspace) => explainSandbox({ ...toolOptions, allowUnsandboxed: toolOptions.allowUnsandboxed() }, workspace),
  };
}
