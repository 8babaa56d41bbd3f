// Shared fixtures of the exec integration tests: a fresh workspace, the real tools, a block factory.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Block, ToolContext } from '../../../src-main/core/ports.js';
import { createCodeTools, detectSandbox, type CodeTools, type CreateCodeToolsOptions, type SandboxInfo } from '../../../src-main/node/exec/index.js';

export async function tempWorkspace(prefix = 'exec-ws-'): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

let counter = 0;
export function block(tag: string, code: string, savePath: string | null = null, params: Record<string, string> = {}): Block {
  counter++;
  return { id: `b${counter}`, tag, code, savePath, params, start: 0, end: code.length };
}

export interface Ctx extends ToolContext {
  streamed: string[];
}
export function context(workspace: string, overrides: Partial<ToolContext> = {}): Ctx {
  const streamed: string[] = [];
  return {
    workspace,
    signal: new AbortController().signal,
    turnId: 't1',
    blockId: 'b1',
    onOutput: (data) => streamed.push(data),
    timeoutMs: 30_000,
    streamed,
    ...overrides,
  };
}

const cache = new Map<string, Promise<CodeTools>>();
let detected: Promise<CodeTools> | null = null;
/** Code tools per option set; toolchains and sandbox are detected once per test file. */
export async function codeTools(options: CreateCodeToolsOptions = {}): Promise<CodeTools> {
  detected ??= createCodeTools();
  const { toolchains } = await detected;
  const sandbox = await detectSandboxOnce();
  if (Object.values(options).some((v) => typeof v === 'function')) return createCodeTools({ toolchains, sandbox, ...options });
  const key = JSON.stringify(options);
  if (!cache.has(key)) cache.set(key, createCodeTools({ toolchains, sandbox, ...options }));
  return cache.get(key)!;
}
let sandboxInfo: Promise<SandboxInfo> | null = null;
const detectSandboxOnce = () => (sandboxInfo ??= detectSandbox());

export async function toolFor(tag: string, options: CreateCodeToolsOptions = {}) {
  const tools = await codeTools(options);
  const tool = tools.tools.find((t) => t.definition.tag === tag);
  if (!tool) throw new Error(`toolchain for ${tag} is not installed here (${tools.languages.join(', ')})`);
  return tool;
}

/** Live processes whose command line contains `needle` (Linux). */
export async function processesMatching(needle: string): Promise<string[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const found: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(needle)) found.push(`${entry}: ${cmdline.replace(/\0/g, ' ')}`);
  }
  return found;
}
