import { describe, expect, it } from 'vitest';
import { judgeBlock } from '../../approval/judge.js';
import { judgeFormSubmission, WEB_FORM } from './webForm.js';
import { judgeNavigation, WEB_OPEN } from './webOpen.js';
import { WEB_SEARCH } from './webSearch.js';

// The web agent's actions are lines of its own protocol, not fenced blocks: their definitions carry
// their policy and their own checks (docs/approvals.md).
describe("the web agent's tool definitions", () => {
  const web = [WEB_SEARCH, WEB_OPEN, WEB_FORM];

  it('are web actions of the web agent whose output is untrusted web text from the network', () => {
    for (const d of web) {
      expect(d).toMatchObject({ invokedBy: 'web-action', agents: ['web'], prompt: null, input: 'action-line' });
      expect(d.policy).toMatchObject({ network: 'always', resultsToModel: true, untrustedOutput: 'web' });
    }
    expect(web.map((d) => d.policy.effect)).toEqual(['reads', 'reads', 'acts-outside']);
  });

  it('never run as a block, even when a definition is passed for one', async () => {
    const block = { id: 'b', tag: WEB_FORM.tag, code: 'x', savePath: null, params: {}, start: 0, end: 0 };
    expect(await judgeBlock(block, { workspace: '/w', mode: 'allow-all', definition: WEB_FORM })).toMatchObject({
      action: 'ask',
      reasons: [expect.stringMatching(/no tool declares/)],
    });
  });

  it('a form asks once web text is in the turn; navigation only when a typed address carries the conversation', () => {
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
