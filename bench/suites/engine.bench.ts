// Engine overhead per step (parse, dispatch, approvals, events, store) for a reply with 3 blocks,
// without model or program time: the model is a one-chunk Replay and the tools answer at once.
// Baseline in the same run: parsing the reply and calling the same tools directly.
// Also the event pipeline: bus → batching channel → JSON, against the bus alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentName } from '../../src-main/common/agents.js';
import type { AppEvent } from '../../src-main/common/events.js';
import { createToolAgent, TOOL_AGENT_SPECS } from '../../src-main/core/agents/definitions.js';
import { parseBlocks } from '../../src-main/core/blocks/parse.js';
import { codeToolDefinition } from '../../src-main/core/tools/defs/code.js';
import type { CodeLanguage } from '../../src-main/common/languages.js';
import { AgentEngine } from '../../src-main/core/engine/engine.js';
import { EventBus } from '../../src-main/core/engine/eventBus.js';
import { ReplayProvider } from '../../src-main/core/llm/replay.js';
import type { Tool, ToolResult } from '../../src-main/core/ports.js';
import { EventChannel } from '../../src-main/core/transport/eventChannel.js';
import { createPromptFiles } from '../../src-main/node/settings/promptFiles.js';
import { findAppRoot } from '../../src-main/app/paths.js';
import { silentLogger } from '../../src-main/node/logger.js';
import { SqliteStore } from '../../src-main/node/store/sqliteStore.js';
import { median, type BenchRow } from '../types.js';

const STEPS = 200;
const reply = ['One:', '```python\nprint(1)\n```', 'Two:', '```bash\necho 2\n```', 'Three:', '```python\nprint(3)\n```'].join('\n');
const instant = (tag: CodeLanguage): Tool => ({
  definition: codeToolDefinition(tag),
  run: async (): Promise<ToolResult> => ({ status: 'ok', exitCode: 0, output: 'ok\n', savedTo: null, durationMs: 0 }),
});

async function engineSteps(synchronous: 'FULL' | 'NORMAL'): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-bench-'));
  const store = SqliteStore.open(join(dir, 'bench.db'), { synchronous });
  const bus = new EventBus();
  const seen: AppEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  const provider = new ReplayProvider({ responses: Array(STEPS + 5).fill(reply) }, { chunkSize: 1e9, chunkDelayMs: 0 });
  const tools = [instant('python'), instant('bash')];
  const prompts = createPromptFiles(join(findAppRoot(), 'prompts'));
  const coder = createToolAgent(
    TOOL_AGENT_SPECS.find((s) => s.name === 'coder')!,
    {
      prompts,
      os: 'linux',
      languages: () => ['python', 'bash'],
      tools: () => tools,
      maxAttempts: () => 5,
      date: () => '2026-11-30',
    },
  );
  const engine = new AgentEngine({
    store,
    provider: () => provider,
    router: {
      route: async () => {
        throw new Error('unused');
      },
    },
    agent: (_n: AgentName) => coder,
    emit: bus.emit,
    askUser: async () => true,
    judge: { judge: () => ({ action: 'allow' }) },
    workspace: () => dir,
    blockTimeoutMs: () => 1000,
    summaryPrompt: () => 'summarise',
    logger: silentLogger,
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < STEPS; i++) {
      // A fresh session each time, so history (and its token counting) does not grow with the loop.
      const session = store.createSession('bench').id;
      const start = performance.now();
      const out = await engine.send(session, 'run three blocks', 'coder').done;
      times.push(performance.now() - start);
      if (out.status !== 'done') throw new Error(`turn ${out.status}: ${out.error?.message}`);
    }
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

async function bareSteps(): Promise<number[]> {
  const tools = new Map([
    ['python', instant('python')],
    ['bash', instant('bash')],
  ]);
  const times: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const start = performance.now();
    for (const block of parseBlocks(reply, [codeToolDefinition('python'), codeToolDefinition('bash')])) await tools.get(block.tag)!.run(block, {} as never);
    times.push(performance.now() - start);
  }
  return times;
}

async function pipeline(withChannel: boolean, n: number): Promise<number> {
  const bus = new EventBus();
  let bytes = 0;
  let acked = 0;
  const channel = new EventChannel(
    (b) => {
      bytes += JSON.stringify(b).length;
      acked = b.batch;
      queueMicrotask(() => channel.ack(acked));
    },
    { tokenFlushMs: 0 },
  );
  bus.subscribe(withChannel ? (e) => channel.push(e) : () => undefined);
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    bus.emit({ type: 'answer.delta', sessionId: 's', turnId: 't', call: 1, text: 'tok ' });
    if (i % 1000 === 0) await new Promise((r) => setTimeout(r, 0));
  }
  await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - start) / 1000;
  channel.close();
  if (withChannel && bytes === 0) throw new Error('nothing was sent');
  return n / seconds;
}

export default async function (): Promise<BenchRow[]> {
  await engineSteps('NORMAL'); // warm-up: modules, prompts, SQLite statements
  const engine = median(await engineSteps('NORMAL'));
  const engineFull = median(await engineSteps('FULL'));
  const bare = median(await bareSteps());
  const n = 200_000;
  const busOnly = await pipeline(false, n);
  const full = await pipeline(true, n);
  return [
    {
      suite: 'engine',
      metric: 'step overhead, reply with 3 blocks (median)',
      value: engine,
      unit: 'ms',
      baseline: { label: 'parse + direct tool calls', value: bare },
      ratio: engine / bare,
      target: '< 5 ms',
      met: engine < 5,
      note: 'the app setting: SQLite WAL + synchronous=NORMAL; includes prompt assembly, approvals, SQLite writes, events',
    },
    {
      suite: 'engine',
      metric: 'step overhead with synchronous=FULL (median)',
      value: engineFull,
      unit: 'ms',
      baseline: { label: 'parse + direct tool calls', value: bare },
      ratio: engineFull / bare,
      note: 'an fsync per write: what power-cut durability would cost',
    },
    {
      suite: 'engine',
      metric: 'event pipeline throughput (token deltas)',
      value: full,
      unit: 'events/s',
      baseline: { label: 'event bus alone', value: busOnly },
      ratio: full / busOnly,
    },
  ];
}
