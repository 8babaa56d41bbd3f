// The approval judge on a 200 KB block, against tokenising the same text (the shell lexer alone,
// the source scanner alone) in the same run. The judge runs on the main process's event loop, so
// the figure to watch is how far it stays from the 50 ms the loop may be blocked; past its time
// budget (40 ms) a block asks instead of being judged. Also: parsing a reply of 10,000 blocks.
import { judgeAsInstalled } from '../../tests/helpers/toolDefinitions.js';
import { scanScript } from '../../src-main/core/approval/shellLex.js';
import { parseReplyBlocks } from '../../src-main/core/blocks/parse.js';
import { codeToolDefinition } from '../../src-main/core/tools/defs/code.js';
import { scanSource } from '../../src-main/core/blocks/sourceText.js';
import type { Block } from '../../src-main/core/ports.js';
import { checkShellSyntax } from '../../src-main/node/exec/shellSyntax.js';
import { median, type BenchRow } from '../types.js';

const RUNS = 15;
const KB200 = 200 * 1024;

function upTo(size: number, line: (i: number) => string): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const l = line(i);
    lines.push(l);
    length += l.length + 1;
  }
  return lines.join('\n');
}

const SHELL = upTo(KB200, (i) => `echo "line ${i}" | grep -v x >> out-${i % 7}.txt && wc -l out.txt`);
const PYTHON = upTo(KB200, (i) => `values_${i} = [os.path.join("data", "f${i}.csv"), ${i}, ${i * 2}]  # row ${i}`);
const PY_LIST = `x = [${Array.from({ length: 20_000 }, (_, i) => `"item-${i}"`).join(', ')}]\nprint(len(x))`;

const block = (tag: string, code: string): Block => ({ id: 'b', tag, code, savePath: null, params: {}, start: 0, end: 0 });

async function time(fn: () => unknown | Promise<unknown>): Promise<number> {
  await fn(); // warm-up: JIT and regex compilation
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export default async function (): Promise<BenchRow[]> {
  const unlimited = { workspace: '/home/u/project', mode: 'ask-risky' as const, timeBudgetMs: Number.POSITIVE_INFINITY };
  const rows: BenchRow[] = [];
  const cases: [string, string, string, () => unknown][] = [
    ['bash', SHELL, 'shell lexer alone', () => scanScript(SHELL)],
    ['python', PYTHON, 'source scanner alone', () => scanSource(PYTHON, 'python')],
    ['python', PY_LIST, 'source scanner alone', () => scanSource(PY_LIST, 'python')],
  ];
  for (const [tag, code, baselineLabel, baseline] of cases) {
    const judged = await time(() => judgeAsInstalled(block(tag, code), unlimited));
    const base = await time(baseline);
    const verdict = await judgeAsInstalled(block(tag, code), { ...unlimited, timeBudgetMs: undefined });
    rows.push({
      suite: 'judge',
      metric: `judge a ${Math.round(code.length / 1024)} KB ${tag} block${code === PY_LIST ? ' (20,000-element literal list)' : ''} (median)`,
      value: judged,
      unit: 'ms',
      baseline: { label: baselineLabel, value: base },
      ratio: judged / base,
      target: '< 50 ms (event loop)',
      met: judged < 50,
      note: `with the default 40 ms budget the verdict is ${verdict.action}${verdict.action === 'allow' ? '' : ` (${verdict.reasons[0]})`}`,
    });
  }
  // The WASM syntax check runs on the main thread too; the judge calls it on scripts up to 4 KiB only.
  const small = SHELL.slice(0, SHELL.lastIndexOf('\n', 4 * 1024));
  const syntax = await time(() => checkShellSyntax(small));
  const lexed = await time(() => scanScript(small));
  rows.push({
    suite: 'judge',
    metric: `shell syntax check (WASM) on ${(small.length / 1024).toFixed(1)} KB (median)`,
    value: syntax,
    unit: 'ms',
    baseline: { label: 'shell lexer alone', value: lexed },
    ratio: syntax / lexed,
    target: '< 50 ms',
    met: syntax < 50,
  });
  const reply = Array.from({ length: 10_000 }, (_, i) => '```bash\necho ' + i + '\n```').join('\n');
  const capped = await time(() => parseReplyBlocks(reply, [codeToolDefinition('bash')], { maxBlocks: 20 }));
  const lines = await time(() => reply.split('\n').length);
  rows.push({
    suite: 'judge',
    metric: 'parse a 10,000-block reply, 20 kept (median)',
    value: capped,
    unit: 'ms',
    baseline: { label: 'split the reply into lines', value: lines },
    ratio: capped / lines,
    target: '< 50 ms',
    met: capped < 50,
  });
  return rows;
}
