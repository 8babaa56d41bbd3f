import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMES } from '../common/agents.js';
import { judgeBlock } from '../core/approval/judge.js';
import type { Tool } from '../core/ports.js';
import type { ToolDefinition } from '../core/tools/defineTool.js';
import { createLogger } from '../node/logger.js';
import { SettingsFile } from '../node/settings/settingsFile.js';
import { INSTALLED_TOOLS } from '../../tests/helpers/toolDefinitions.js';
import { createTools } from './tools.js';

// The installed tools as the composition root builds them: every list the parser, the judge, the
// loop, the taint rule and the prompts use is read from their definitions, so this pins those lists.
let dir: string;
let built: Awaited<ReturnType<typeof createTools>>;
let installed: readonly Tool[];
const definitions = () => installed.map((t) => t.definition);
const tagsWhere = (pick: (d: ToolDefinition) => boolean) =>
  definitions()
    .filter(pick)
    .map((d) => d.tag)
    .sort();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-tools-'));
  const logger = createLogger({ level: 'error' });
  const settings = new SettingsFile(join(dir, 'data', 'settings.json'), logger);
  built = await createTools({ dataDir: join(dir, 'data'), modelsDir: join(dir, 'models'), settings, logger, emit: () => undefined, workspace: () => dir });
  installed = built.tools();
}, 60_000);

afterAll(async () => {
  await built.knowledge.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the installed tools', () => {
  it('declares each tag once, every alias means one tool, and each code tool has its own language check', () => {
    const tags = definitions().map((d) => d.tag);
    // A language whose toolchain is missing is installed too (its tool says what to install), so the set does not depend on the machine.
    expect([...tags].sort()).toEqual(['bash', 'c', 'file_finder', 'go', 'java', 'mcp', 'python']);
    // The tests' list of definitions (tests/helpers/toolDefinitions.ts) is this one.
    expect([...INSTALLED_TOOLS].sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([...definitions()].sort((a, b) => a.tag.localeCompare(b.tag)));
    const aliases = definitions().flatMap((d) => d.aliases);
    expect(new Set([...tags, ...aliases]).size).toBe(tags.length + aliases.length);
    for (const d of definitions().filter((x) => x.policy.effect === 'runs-code')) expect(d.policy.check).toBe(d.tag === 'bash' ? 'shell' : d.tag);
  });

  it('writes down what each tool reaches and what its output is worth', () => {
    expect(tagsWhere((d) => d.policy.untrustedOutput !== null)).toEqual(['mcp']);
    expect(tagsWhere((d) => d.policy.resultsToModel)).toEqual(['file_finder', 'mcp']);
    expect(tagsWhere((d) => d.policy.network === 'always')).toEqual(['mcp']);
    expect(tagsWhere((d) => d.policy.network === 'setting')).toEqual(['bash', 'c', 'go', 'java', 'python']);
    expect(tagsWhere((d) => d.policy.boundsOwnOutput === true)).toEqual(['file_finder']);
  });

  it('names an existing prompt file for each tool', () => {
    for (const d of definitions()) {
      expect(d.prompt, d.tag).not.toBeNull();
      expect(existsSync(join(import.meta.dirname, '../../prompts', `${d.prompt}.md`)), d.prompt!).toBe(true);
    }
  });

  it("gives each agent the block tools whose definitions name it (the agents' prompts and loops read this)", () => {
    const of = (agent: string) => tagsWhere((d) => d.invokedBy === 'block' && (d.agents as readonly string[]).includes(agent));
    expect(of('coder')).toEqual(['bash', 'c', 'file_finder', 'go', 'java', 'python']);
    expect(of('file')).toEqual(['bash', 'file_finder']);
    expect(of('mcp')).toEqual(['mcp']);
    for (const d of definitions()) for (const agent of d.agents) expect(AGENT_NAMES).toContain(agent);
  });

  it("judges a block by its tool's definition: a read runs, an acts-outside tool needs its check, no definition asks", async () => {
    const block = (tag: string) => ({ id: 'b', tag, code: 'x', savePath: null, params: {}, start: 0, end: 0 });
    const definition = (tag: string) => definitions().find((d) => d.tag === tag)!;
    const mode = 'allow-all' as const;
    expect(await judgeBlock(block('file_finder'), { workspace: '/w', mode: 'ask-all', definition: definition('file_finder') })).toEqual({ action: 'allow' });
    expect(await judgeBlock(block('ruby'), { workspace: '/w', mode })).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/no tool declares/)] });
    // A definition that is not the block's own (a caller's mix-up) never lends its policy.
    expect(await judgeBlock(block('bash'), { workspace: '/w', mode, definition: definition('file_finder') })).toMatchObject({ action: 'ask' });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', definition: definition('mcp') })).toMatchObject({ action: 'ask' });
    const trusted = { 'mcp-call': () => ({ action: 'allow' as const }) };
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', toolChecks: trusted, definition: definition('mcp') })).toEqual({ action: 'allow' });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', tainted: true, taintReason: 'why', toolChecks: trusted, definition: definition('mcp') })).toEqual({
      action: 'ask',
      reasons: ['why'],
    });
  });
});
