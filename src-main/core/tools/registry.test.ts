import { describe, expect, it } from 'vitest';
import { judgeBlock } from '../approval/judge.js';
import { CODE_TAGS, TOOL_POLICIES, toolPolicy } from './registry.js';

describe('tool registry', () => {
  it('declares each tag once, and every code tool with its own language check', () => {
    const tags = TOOL_POLICIES.map((p) => p.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(CODE_TAGS).toEqual(['python', 'bash', 'c', 'go', 'java']);
    for (const tag of CODE_TAGS) expect(toolPolicy(tag)?.check).toBe(tag === 'bash' ? 'shell' : tag);
  });

  it('marks the outputs that come from outside as untrusted and sends observations back to the model', () => {
    expect(TOOL_POLICIES.filter((p) => p.untrustedOutput !== null).map((p) => p.tag)).toEqual(['mcp', 'web_search']);
    expect(TOOL_POLICIES.filter((p) => p.resultsToModel).map((p) => p.tag)).toEqual(['file_finder', 'mcp', 'web_search']);
  });

  it('an undeclared tag asks; an acts-outside tool without its check asks', async () => {
    const block = (tag: string) => ({ id: 'b', tag, code: 'x', savePath: null, params: {}, start: 0, end: 0 });
    expect(await judgeBlock(block('ruby'), { workspace: '/w', mode: 'allow-all' })).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/no tool declares/)] });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky' })).toMatchObject({ action: 'ask' });
    expect(await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', toolChecks: { 'mcp-call': () => ({ action: 'allow' }) } })).toEqual({ action: 'allow' });
    expect(
      await judgeBlock(block('mcp'), { workspace: '/w', mode: 'ask-risky', tainted: true, taintReason: 'why', toolChecks: { 'mcp-call': () => ({ action: 'allow' }) } }),
    ).toEqual({ action: 'ask', reasons: ['why'] });
  });
});
