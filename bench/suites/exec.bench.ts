// Execution overhead of a trivial block through pty + sandbox against bare `python3 -c`, and the
// block parser on a 200 KB reply with 50 blocks.
import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BLOCK_TOOLS } from '../../tests/helpers/toolDefinitions.js';
import { parseBlocks } from '../../src-main/core/blocks/parse.js';
import { createCodeTools, DEFAULT_LIMITS, detectSandbox, detectToolchains, specFor, toolchainRoots, wrapCommand } from '../../src-main/node/exec/index.js';
import { median, type BenchRow } from '../types.js';

const SUITE = 'exec';

function bare(python: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(python, ['-c', 'print(1)'], (error) => (error ? reject(error) : resolve(performance.now() - started)));
  });
}

async function blockOverhead(): Promise<BenchRow[]> {
  const workspace = await realpath(await mkdtemp(path.join(os.tmpdir(), 'bench-exec-')));
  try {
    const { tools, toolchains, sandbox } = await createCodeTools();
    const tool = tools.find((t) => t.definition.tag === 'python');
    const python = toolchains.find((t) => t.language === 'python')?.commands.python;
    if (!tool || !python) return [{ suite: SUITE, metric: 'print(1) block', value: NaN, unit: 'ms', note: 'python3 is not installed' }];
    const block = { id: 'b1', tag: 'python', code: 'print(1)', savePath: null, params: {}, start: 0, end: 0 };
    const ctx = { workspace, signal: new AbortController().signal, turnId: 't', blockId: 'b1', onOutput: () => {}, timeoutMs: 30_000 };
    const viaTool: number[] = [];
    const viaBare: number[] = [];
    // Interleaved, after a warm-up of each, so that machine load drifts affect both alike.
    await bare(python);
    await tool.run(block, ctx);
    for (let i = 0; i < 15; i++) {
      viaBare.push(await bare(python));
      const started = performance.now();
      const result = await tool.run(block, ctx);
      viaTool.push(performance.now() - started);
      if (result.status !== 'ok') throw new Error(`print(1) block failed: ${result.status} ${result.output}`);
    }
    const tool50 = median(viaTool);
    const bare50 = median(viaBare);
    return [
      { suite: SUITE, metric: `print(1) block, pty + ${sandbox.kind}`, value: tool50, unit: 'ms', baseline: { label: 'bare python3 -c', value: bare50 }, ratio: tool50 / bare50 },
      {
        suite: SUITE,
        metric: 'block overhead over bare python3',
        value: tool50 - bare50,
        unit: 'ms',
        target: '< 60 ms',
        met: tool50 - bare50 < 60,
        note: 'medians of 15 interleaved runs',
      },
    ];
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}

function timed(file: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(file, args, (error, stdout) => (error || stdout.trim() !== '1' ? reject(error ?? new Error(`unexpected output ${stdout}`)) : resolve(performance.now() - started)));
  });
}

/**
 * Sandbox start-up per block without the pty: bare python3, the policy before issue 16 (the whole
 * root read-only, PID and IPC namespaces) and today's (allow-listed mounts, user namespace with no
 * capability, masks, limits through prlimit), interleaved, medians of 21.
 */
async function sandboxStartup(): Promise<BenchRow[]> {
  const [sandbox, toolchains] = await Promise.all([detectSandbox(), detectToolchains()]);
  const python = toolchains.find((t) => t.language === 'python')?.commands.python;
  if (sandbox.kind !== 'bubblewrap' || !sandbox.executable || !python)
    return [{ suite: SUITE, metric: 'sandbox start-up', value: NaN, unit: 'ms', note: 'needs bubblewrap and python3' }];
  const workspace = await realpath(await mkdtemp(path.join(os.tmpdir(), 'bench-sandbox-')));
  const homes = await mkdtemp(path.join(os.tmpdir(), 'bench-homes-'));
  try {
    const before = [
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--tmpfs',
      '/tmp',
      '--bind',
      workspace,
      workspace,
      '--unshare-pid',
      '--unshare-ipc',
      '--die-with-parent',
      '--chdir',
      workspace,
      '--',
      python,
      '-c',
      'print(1)',
    ];
    const spec = {
      ...(await specFor({ sandbox, network: () => true, limits: () => DEFAULT_LIMITS, homesDir: homes, hidden: [], readOnly: toolchainRoots(toolchains) }, workspace)),
      writable: [],
    };
    const runs = { bare: [] as number[], before: [] as number[], after: [] as number[] };
    for (let i = 0; i < 23; i++) {
      runs.bare.push(await timed(python, ['-c', 'print(1)']));
      runs.before.push(await timed(sandbox.executable, before));
      // The arguments are built per block, as the tools do.
      const now = wrapCommand(sandbox, spec, python, ['-c', 'print(1)']);
      const started = performance.now();
      await timed(now.file, now.args);
      runs.after.push(performance.now() - started);
    }
    const [bare, old, now] = [median(runs.bare.slice(2)), median(runs.before.slice(2)), median(runs.after.slice(2))];
    return [
      {
        suite: SUITE,
        metric: 'sandbox start-up before issue 16 (root read-only)',
        value: old - bare,
        unit: 'ms',
        baseline: { label: 'bare python3 -c', value: bare },
        note: 'over bare python3, medians of 21',
      },
      {
        suite: SUITE,
        metric: 'sandbox start-up now (allow-list, userns, limits)',
        value: now - bare,
        unit: 'ms',
        baseline: { label: 'before issue 16', value: old - bare },
        ratio: (now - bare) / (old - bare),
        target: '< 60 ms',
        met: now - bare < 60,
        note: 'over bare python3, medians of 21',
      },
    ];
  } finally {
    await rm(workspace, { recursive: true, force: true });
    await rm(homes, { recursive: true, force: true });
  }
}

/**
 * A networked print(1) block through the pty (issue 26): in its own network namespace behind
 * slirp4netns (the holder, slirp4netns and nsenter per block) against sharing the host's, the
 * fallback and the behaviour before. Interleaved, medians of 15 after a warm-up of each.
 */
async function networkNamespaceCost(): Promise<BenchRow[]> {
  const sandbox = await detectSandbox();
  if (sandbox.kind !== 'bubblewrap' || !sandbox.network)
    return [{ suite: SUITE, metric: 'networked block, own namespace', value: NaN, unit: 'ms', note: 'needs bubblewrap and slirp4netns' }];
  const workspace = await realpath(await mkdtemp(path.join(os.tmpdir(), 'bench-netns-')));
  try {
    const toolchains = await detectToolchains();
    const python = async (info: typeof sandbox) => (await createCodeTools({ sandbox: info, toolchains, network: true })).tools.find((t) => t.definition.tag === 'python');
    const [own, shared] = [await python(sandbox), await python({ ...sandbox, network: null })];
    if (!own || !shared) return [{ suite: SUITE, metric: 'networked block, own namespace', value: NaN, unit: 'ms', note: 'python3 is not installed' }];
    const block = { id: 'b1', tag: 'python', code: 'print(1)', savePath: null, params: {}, start: 0, end: 0 };
    const ctx = { workspace, signal: new AbortController().signal, turnId: 't', blockId: 'b1', onOutput: () => {}, timeoutMs: 30_000 };
    const time = async (tool: typeof own) => {
      const started = performance.now();
      const result = await tool.run(block, ctx);
      if (result.status !== 'ok') throw new Error(`print(1) block failed: ${result.status} ${result.output}`);
      return performance.now() - started;
    };
    await time(own);
    await time(shared);
    const runs = { own: [] as number[], shared: [] as number[] };
    for (let i = 0; i < 15; i++) {
      runs.shared.push(await time(shared));
      runs.own.push(await time(own));
    }
    const [withNs, without] = [median(runs.own), median(runs.shared)];
    return [
      {
        suite: SUITE,
        metric: 'networked print(1) block, own namespace (slirp4netns)',
        value: withNs,
        unit: 'ms',
        baseline: { label: "sharing the host's network namespace", value: without },
        ratio: withNs / without,
        note: `+${Math.round(withNs - without)} ms per networked block; medians of 15 interleaved runs`,
      },
    ];
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}

function bigReply(): string {
  const parts: string[] = [];
  const line = 'value = compute(alpha, beta) + helper("text with : colon and ` tick")  # comment\n';
  for (let i = 0; i < 50; i++) {
    parts.push(`Step ${i}: here is some prose explaining the next block in a few sentences, as a model would write it.\n\n`);
    parts.push(`\`\`\`python:src/module_${i}.py\n${line.repeat(Math.floor(3900 / line.length))}\`\`\`\n\n`);
  }
  return parts.join('');
}

function parserTime(): BenchRow[] {
  const reply = bigReply();
  const times: number[] = [];
  const baseline: number[] = [];
  let found = 0;
  for (let i = 0; i < 60; i++) {
    let started = performance.now();
    found = parseBlocks(reply, BLOCK_TOOLS).length;
    times.push(performance.now() - started);
    started = performance.now();
    if (reply.split('\n').length === 0) throw new Error('unreachable');
    baseline.push(performance.now() - started);
  }
  if (found !== 50) throw new Error(`parser found ${found} blocks, expected 50`);
  const value = median(times.slice(10));
  return [
    {
      suite: SUITE,
      metric: `parse ${Math.round(reply.length / 1024)} KB reply, 50 blocks`,
      value,
      unit: 'ms',
      baseline: { label: 'split into lines', value: median(baseline.slice(10)) },
      ratio: value / median(baseline.slice(10)),
      target: '< 2 ms',
      met: value < 2,
    },
  ];
}

export default async function (): Promise<BenchRow[]> {
  return [...parserTime(), ...(await blockOverhead()), ...(await sandboxStartup()), ...(await networkNamespaceCost())];
}
