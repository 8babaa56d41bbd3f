// Every reply of the corpus (tests/fixtures/replies, written the way real local models write) goes
// through the real reasoning split, parsers and agent step decisions and must do what its header
// says a user would want. The pass rate is printed and must be 100 %.
import { describe, expect, it } from 'vitest';
import { checkEntry, loadCorpus } from '../../helpers/replyCorpus.js';

const corpus = loadCorpus();

// The styles the issue names; each must appear in at least one reply.
const REQUIRED_STYLES = [
  'reasoning-closed',
  'reasoning-empty',
  'reasoning-unclosed',
  'code-in-reasoning',
  'prose-around',
  'tildes',
  'four-backticks',
  'space-before-tag',
  'crlf',
  'list-indent',
  'alias-tag',
  'foreign-tag',
  'expected-output',
  'json-example',
  'action-bold',
  'action-backticks',
  'action-lowercase',
  'action-no-colon',
  'prose-action-word',
  'answer-without-action',
  'plan-comments',
  'plan-trailing-comma',
  'plan-single-quotes',
  'plan-in-prose',
  'plan-numeric-ids',
  'need-string',
  'agent-name-case',
  'agent-unknown',
  'params-colon',
  'params-quoted',
  'lang-zh',
  'lang-fr',
  'lang-es',
  'lang-de',
  'truncated',
];
const AGENTS = ['casual', 'coder', 'file', 'web', 'planner', 'planner-update', 'mcp', 'summary'];

describe('reply corpus', () => {
  it('covers at least 200 replies, six model families, every agent and every style', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.map((e) => e.family)).size).toBeGreaterThanOrEqual(6);
    expect([...new Set(corpus.map((e) => e.agent))].sort()).toEqual([...AGENTS].sort());
    const styles = new Set(corpus.flatMap((e) => e.styles));
    expect(REQUIRED_STYLES.filter((s) => !styles.has(s))).toEqual([]);
    expect(new Set(corpus.map((e) => e.id)).size).toBe(corpus.length);
  });

  it('every reply does what its header says (pass rate printed)', () => {
    const failures = corpus.map((entry) => ({ entry, problems: checkEntry(entry) })).filter((f) => f.problems.length > 0);
    const passed = corpus.length - failures.length;
    const table = new Map<string, number>();
    for (const e of corpus) table.set(`${e.family}/${e.agent}`, (table.get(`${e.family}/${e.agent}`) ?? 0) + 1);
    process.stdout.write(`reply corpus: ${passed}/${corpus.length} pass (${((100 * passed) / corpus.length).toFixed(1)} %)\n`);
    process.stdout.write(`by family/agent: ${[...table].map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
    expect(failures.map((f) => `${f.entry.id}: ${f.problems.join('; ')}`)).toEqual([]);
  });
});
