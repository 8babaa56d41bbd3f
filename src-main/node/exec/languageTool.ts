// One Tool per installed language: refusal check, save through the workspace guard, compile in a
// private folder, run in the workspace on a pty inside the sandbox, and a ToolResult for the model.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError, toErrorData } from '../../common/errors.js';
import { checkInteractive } from '../../core/blocks/interactive.js';
import type { Block, Logger, Tool, ToolContext, ToolResult } from '../../core/ports.js';
import { codeToolDefinition } from '../../core/tools/defs/code.js';
import type { ToolDefinition } from '../../core/tools/defineTool.js';
import { workspaceRelative, writeInWorkspace } from '../workspace/guard.js';
import { planFor, type CommandLine } from './languages.js';
import { runInPty, type PtyRunResult } from './ptyRun.js';
import { specFor, type SpecOptions } from './blockSpec.js';
import type { SandboxSpec } from './sandboxPolicy.js';
import type { CodeLanguage, Toolchain } from './toolchains.js';

export interface CodeToolOptions extends SpecOptions {
  /** Network, limits and the unsandboxed consent are read at each block, so a settings change applies at once. */
  compileTimeoutMs: () => number;
  /** Whether the user accepted running blocks without a sandbox (where none is available). */
  allowUnsandboxed: () => boolean;
  outputCap?: number;
  logger?: Logger;
}

const UNSANDBOXED =
  'This block was not run: no sandbox is available on this machine, and the user has not accepted running code without one ' +
  '(Settings → Sandbox → "Run blocks without a sandbox"). Tell the user.';

const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g;

/** Terminal output as plain text for the model: no escape sequences, \n line ends. */
export function plainText(terminal: string): string {
  return terminal.replace(ANSI_RE, '').replace(/\r+\n/g, '\n').replace(/\r/g, '\n');
}

async function saveBlock(block: Block, workspace: string): Promise<string | null> {
  if (block.savePath === null) return null;
  // No link is followed on the way, dangling ones included, and the file is renamed into place.
  const target = await writeInWorkspace(workspace, block.savePath, block.code.endsWith('\n') || block.code === '' ? block.code : `${block.code}\n`);
  return workspaceRelative(workspace, target);
}

function failureFeedback(stage: 'compile' | 'run', run: PtyRunResult, limitMs: number): string | undefined {
  if (run.timedOut)
    return `The ${stage === 'compile' ? 'compilation' : 'program'} ran past its time limit (${Math.round(limitMs / 1000)} s) and was stopped. Make it finish faster or do less work.`;
  if (run.flooded) return 'The program printed far too much output and was stopped. Print a summary instead.';
  if (stage === 'compile') return `Compilation failed (exit status ${run.exitCode ?? 'none'}). Fix the errors shown in the output.`;
  if (run.exitCode !== 0) return `The program exited with status ${run.exitCode ?? `signal ${run.signal ?? '?'}`}. Fix the error shown in the output.`;
  return undefined;
}

function statusOf(run: PtyRunResult): ToolResult['status'] {
  if (run.cancelled) return 'cancelled';
  if (run.timedOut) return 'timeout';
  return run.exitCode === 0 && !run.flooded ? 'ok' : 'failed';
}

class CodeTool implements Tool {
  readonly definition: ToolDefinition<CodeLanguage>;

  constructor(
    private readonly tag: CodeLanguage,
    private readonly toolchain: Toolchain,
    private readonly options: CodeToolOptions,
  ) {
    this.definition = codeToolDefinition(tag);
  }

  async run(block: Block, ctx: ToolContext): Promise<ToolResult> {
    const started = performance.now();
    const done = (result: Omit<ToolResult, 'durationMs'>): ToolResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
    const refusal = checkInteractive(this.tag, block.code);
    if (refusal !== null) return done({ status: 'refused', exitCode: null, output: '', savedTo: null, feedback: refusal });
    if (this.options.sandbox.kind === 'none' && !this.options.allowUnsandboxed())
      return done({ status: 'error', exitCode: null, output: '', savedTo: null, feedback: UNSANDBOXED });
    let savedTo: string | null = null;
    let buildDir: string | null = null;
    try {
      const workspace = await stat(ctx.workspace).catch(() => null);
      if (!workspace?.isDirectory()) throw new AppError('NOT_FOUND', `The workspace ${ctx.workspace} does not exist or is not a folder.`);
      const spec = await specFor(this.options, ctx.workspace);
      savedTo = await saveBlock(block, ctx.workspace);
      buildDir = await mkdtemp(path.join(os.tmpdir(), `agentic-block-${process.pid}-`));
      const plan = planFor(this.tag, block.code, { toolchain: this.toolchain, buildDir, workspace: spec.workspace, cacheDir: path.join(spec.home!, '.cache') });
      await writeFile(path.join(buildDir, plan.sourceName), block.code);
      // The compiler writes the program into the build folder; the program itself gets the folder
      // read-only, so what it writes goes to its bounded /tmp (or the workspace), not the host's temp folder.
      const compileSpec: Omit<SandboxSpec, 'workspace'> = { ...spec, writable: [buildDir] };
      const runSpec: Omit<SandboxSpec, 'workspace'> = { ...spec, writable: [], readOnly: [...(spec.readOnly ?? []), buildDir] };
      const exec = (line: CommandLine, timeoutMs: number, sandboxSpec: Omit<SandboxSpec, 'workspace'>) =>
        runInPty({
          ...line,
          // The resolved workspace: the one the policy was checked on is the one bound.
          cwd: spec.workspace,
          env: { ...this.toolchain.env, ...plan.env },
          sandbox: this.options.sandbox,
          sandboxSpec,
          timeoutMs,
          signal: ctx.signal,
          onOutput: ctx.onOutput,
          outputCap: this.options.outputCap,
        });
      let prefix = '';
      // What the compile step received counts too (a build that fetches modules prints what it got).
      let received: number | null = null;
      const observe = (run: PtyRunResult) => {
        if (run.networkBytesIn !== null) received = (received ?? 0) + run.networkBytesIn;
      };
      const net = (): Pick<ToolResult, 'networkBytesIn'> => (received === null ? {} : { networkBytesIn: received });
      if (plan.compile) {
        const compileLimit = this.options.compileTimeoutMs();
        const compiled = await exec(plan.compile, compileLimit, compileSpec);
        observe(compiled);
        prefix = plainText(compiled.output);
        if (statusOf(compiled) !== 'ok') {
          const feedback = compiled.cancelled ? undefined : failureFeedback('compile', compiled, compileLimit);
          return done({ status: statusOf(compiled), exitCode: compiled.exitCode, output: prefix, savedTo, ...net(), ...(feedback ? { feedback } : {}) });
        }
      }
      const ran = await exec(plan.run, ctx.timeoutMs, runSpec);
      observe(ran);
      const feedback = ran.cancelled ? undefined : failureFeedback('run', ran, ctx.timeoutMs);
      return done({ status: statusOf(ran), exitCode: ran.exitCode, output: prefix + plainText(ran.output), savedTo, ...net(), ...(feedback ? { feedback } : {}) });
    } catch (error) {
      const data = toErrorData(error);
      this.options.logger?.warn('code block failed to run', { tag: this.tag, code: data.code, message: data.message });
      const status = data.code === 'CANCELLED' ? 'cancelled' : 'error';
      return done({ status, exitCode: null, output: '', savedTo, feedback: data.message });
    } finally {
      if (buildDir !== null) await rm(buildDir, { recursive: true, force: true });
    }
  }
}

export function createCodeTool(toolchain: Toolchain, options: CodeToolOptions): Tool {
  return new CodeTool(toolchain.language, toolchain, options);
}

/** The tool for a language whose toolchain is missing: every block gets feedback naming what is missing. */
export function missingToolchainTool(tag: CodeLanguage, missing: readonly string[], available: readonly string[]): Tool {
  const what = missing.length > 0 ? missing.join(', ') : tag;
  const feedback =
    `The ${tag} toolchain is not installed on this machine (missing: ${what}), so this block was not run. ` +
    (available.length > 0 ? `Use one of the installed languages instead: ${available.join(', ')}.` : 'No language toolchain is installed.');
  return {
    definition: codeToolDefinition(tag),
    run: async () => ({ status: 'error', exitCode: null, output: '', savedTo: null, durationMs: 0, feedback }),
  };
}
