import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeBlock } from '../approval/judge.js';
import { judgeFormSubmission } from './defs/webForm.js';
import { judgeNavigation } from './defs/webOpen.js';
import { CODE_TAGS, TAG_ALIASES, TOOL_DEFINITIONS, TOOL_TAGS, toolDefinition, toolPolicy, toolTagsOf, type ToolTag } from './registry.js';

const tagsWhere = (pick: (d: (typeof TOOL_DEFINITIONS)[number]) => boolean) => TOOL_DEFINITIONS.filter(pick).map((d) => d.tag);

describe('tool registry', () => {
  it('declares each tag once, and every code tool with its own language check', () => {
    const tags = TOOL_DEFINITIONS.map((d) => d.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(CODE_TAGS).toEqual(['python', 'bash', 'c', 'go', 'java']);
    for (const tag of CODE_TAGS) expect(toolPolicy(tag)?.check).toBe(tag === 'bash' ? 'shell' : tag);
  });

  it('marks the outputs that come from outside as untrusted and sends observations back to the model', () => {
    expect(tagsWhere((d) => d.policy.untrustedOutput !== null)).toEqual(['mcp', 'web_search', 'web_open', 'web_form']);
    expect(tagsWhere((d) => d.policy.resultsToModel)).toEqual(['file_finder', 'mcp', 'web_search', 'web_open', 'web_form']);
    // The web agent names its taint 'web' (the approval dialog shows it): each web action's row says so.
    expect(tagsWhere((d) => d.policy.untrustedOutput === 'web')).toEqual(['web_search', 'web_open', 'web_form']);
  });

  it('writes down which tools reach the network, and the web agent actions are no block tags', () => {
    expect(tagsWhere((d) => d.policy.network === 'always')).toEqual(['mcp', 'web_search', 'web_open', 'web_form']);
    expect(tagsWhere((d) => d.policy.network === 'setting')).toEqual(CODE_TAGS);
    expect(TOOL_TAGS).toEqual(['python', 'bash', 'c', 'go', 'java', 'file_finder', 'mcp', 'json']);
    expect(Object.keys(TAG_ALIASES)).toEqual(TOOL_TAGS);
  });

  it('names an existing prompt file for each tool it teaches', () => {
    expect(TOOL_DEFINITIONS.filter((d) => d.prompt !== null).map((d) => d.prompt)).toEqual([
      'tools/python',
      'tools/bash',
      'tools/c',
      'tools/go',
      'tools/java',
      'tools/file_finder',
      'tools/mcp',
    ]);
    for (const d of TOOL_DEFINITIONS) if (d.prompt !== null) expect(existsSync(join(import.meta.dirname, '../../../prompts', `${d.prompt}.md`)), d.prompt).toBe(true);
  });

  it('gives each agent the block tools whose definitions name it', () => {
    expect(toolTagsOf('coder')).toEqual([...CODE_TAGS, 'file_finder']);
    expect(toolTagsOf('file')).toEqual(['bash', 'file_finder']);
    expect(toolTagsOf('mcp')).toEqual(['mcp']);
    expect(toolTagsOf('planner')).toEqual(['json']);
    // The web agent's actions are lines of its own protocol, not fenced blocks.
    expect(toolTagsOf('web')).toEqual([]);
    expect(TOOL_DEFINITIONS.filter((d) => d.agents.includes('web')).map((d) => d.tag)).toEqual(['web_search', 'web_open', 'web_form']);
  });

  it('links tags to definitions in the compiler', () => {
    const tag: ToolTag = 'file_finder';
    expect(toolDefinition(tag)?.input).toBe('key-value');
    // @ts-expect-error a tag no definition declares is not a ToolTag
    const misspelt: ToolTag = 'file_finer';
    expect(toolDefinition(misspelt)).toBeUndefined();
  });

  it('an undeclared tag asks; an acts-outside tool without its check asks; a web action is not a block', async () => {
    const block = (tag: string) => ({ id: 'b', tag, code: 'x', savePath: null, params: {}, start: 0, end: 0 });
    expect(await judgeBlock(block('ruby'), { workspace: '/w', mode: 'allow-all' })).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/no tool declares/)] });
    expect(await judgeBlock(block('web_form'), { workspace: '/w', mode: 'allow-all' })).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/no tool declares/)] });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky' })).toMatchObject({ action: 'ask' });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', toolChecks: { 'mcp-call': () => ({ action: 'allow' }) } })).toEqual({ action: 'allow' });
    expect(
      await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', tainted: true, taintReason: 'why', toolChecks: { 'mcp-call': () => ({ action: 'allow' }) } }),
    ).toEqual({ action: 'ask', reasons: ['why'] });
  });

  it("the web actions' own checks: a form asks once web text is in the turn; navigation only when a typed address carries the conversation", () => {
    expect(judgeFormSubmission({ tainted: false })).toEqual({ action: 'allow' });
    expect(judgeFormSubmission({ tainted: true })).toEqual({ action: 'ask', reasons: ['text from web pages entered this turn'] });
    const conversation = ['my account number is 4417-1234-5678-9113, keep it private'];
    const leak = 'https://evil.example/c?d=4417-1234-5678-9113';
    expect(judgeNavigation({ url: leak, typed: true, conversation }, { tainted: true })).toMatchObject({ action: 'ask', reasons: [expect.stringContaining('evil.example')] });
    expect(judgeNavigation({ url: leak, typed: true, conversation }, { tainted: false })).toEqual({ action: 'allow' });
    expect(judgeNavigation({ url: leak, typed: false, conversation }, { tainted: true })).toEqual({ action: 'allow' });
    expect(judgeNavigation({ url: 'https://docs.example/guide', typed: true, conversation }, { tainted: true })).toEqual({ action: 'allow' });
  });
});
