// Execution overhead of a trivial block through pty + sandbox against bare `python3 -c`, and the
// block parser on a 200 KB reply with 50 blocks.
import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TOOL_TAGS } from '../../src-main/common/events.js';
import { parseBlocks } from '../../src-main/core/blocks/parse.js';
import { createCodeTools } from '../../src-main/node/exec/index.js';
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
    const tool = tools.find((t) => t.tag === 'python');
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
      { suite: SUITE, metric: 'block overhead over bare python3', value: tool50 - bare50, unit: 'ms', target: '< 60 ms', met: tool50 - bare50 < 60, note: 'medians of 15 interleaved runs' },
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
    found = parseBlocks(reply, TOOL_TAGS).length;
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
  return [...parserTime(), ...(await blockOverhead())];
}
