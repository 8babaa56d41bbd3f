// The reply corpus (tests/fixtures/replies) through the whole pipeline each agent applies to a reply
// (reasoning split, block parser with aliases, step decisions, plan and MCP parsers), in replies per
// second, against only splitting reasoning and lines of the same replies in the same run. Also the
// file_finder parameter reader on a 1 MB adversarial line, against the regex it replaced on 30 KB.
import { paramsOf } from '../../src-main/core/blocks/parse.js';
import { splitReasoning } from '../../src-main/core/llm/reasoning.js';
import { loadCorpus, outcomeOf } from '../../tests/helpers/replyCorpus.js';
import { median, type BenchRow } from '../types.js';

const RUNS = 9;
// The parameter pattern before issue 25: quadratic on a long run of blanks inside the value.
const OLD_PARAM_RE = /^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$/;

function time(fn: () => unknown, runs = RUNS): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export default async function (): Promise<BenchRow[]> {
  const corpus = loadCorpus();
  const rounds = 20;
  const pipeline = time(() => {
    for (let r = 0; r < rounds; r++) for (const entry of corpus) outcomeOf(entry);
  });
  const baseline = time(() => {
    for (let r = 0; r < rounds; r++) for (const entry of corpus) splitReasoning(entry.reply).answer.split('\n');
  });
  const perSecond = (ms: number) => (rounds * corpus.length) / (ms / 1000);
  const rows: BenchRow[] = [
    {
      suite: 'replies',
      metric: `corpus of ${corpus.length} replies through every agent's parser and step (median of ${RUNS})`,
      value: perSecond(pipeline),
      unit: 'replies/s',
      baseline: { label: 'reasoning split and line split only', value: perSecond(baseline) },
      ratio: perSecond(pipeline) / perSecond(baseline),
    },
  ];
  // Blanks inside the value: the old pattern tried every split of them (a 300 KB line took 70 s).
  const line = `name=a${' '.repeat(1_000_000)}b`;
  const oldLine = `name=a${' '.repeat(30_000)}b`;
  const linear = time(() => paramsOf(line), 5);
  const old = time(() => OLD_PARAM_RE.exec(oldLine), 1);
  rows.push({
    suite: 'replies',
    metric: 'file_finder parameters from a 1 MB value of blanks (median)',
    value: linear,
    unit: 'ms',
    baseline: { label: 'the replaced regex on a 30 KB line', value: old },
    ratio: linear / old,
    target: '< 50 ms (event loop)',
    met: linear < 50,
  });
  return rows;
}
