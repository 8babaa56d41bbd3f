// The web agent's loop over a fake BrowserDriver (no Chromium): ordering of taint and model calls,
// fresh state per run, language, and the assembled system prompt.
import { describe, expect, it } from 'vitest';
import { filePromptSource, scriptedAgentContext } from '../../../tests/helpers/scriptedAgentContext.js';
import { AppError } from '../../common/errors.js';
import type { BrowserDriver, PageSnapshot, WebSearch } from './driver.js';
import { createWebAgent } from './webAgent.js';

const page = (url: string, markdown: string): PageSnapshot => ({ url, title: url, markdown, links: [{ text: 'next', url: 'https://a.org/next?utm_source=x' }], forms: [] });

function fakeDriverFactory(log: string[]) {
  return async (): Promise<BrowserDriver> => {
    let current = 'about:blank';
    log.push('driver');
    return {
      navigate: async (url) => ((current = url), log.push(`navigate ${url}`), { url, title: url }),
      back: async () => null,
      readPage: async () => page(current, `Text of ${current} with enough words to keep.`),
      fillForm: async () => undefined,
      submitForm: async () => ({ url: current, title: '' }),
      scrapeResults: async () => ({ url: '', status: 200, title: '', textStart: '', results: [] }),
      screenshot: async () => ({ mime: 'image/png', data: '' }),
      startScreencast: async () => undefined,
      stopScreencast: async () => undefined,
      close: async () => void log.push('close'),
    };
  };
}
const search: WebSearch = { name: 'fake', search: async () => [{ title: 'A', url: 'https://a.org/', snippet: 'about a' }] };

describe('web agent loop', () => {
  it('marks the turn tainted before any web text reaches the model', async () => {
    const ctx = scriptedAgentContext({
      request: 'q',
      script: [
        'SEARCH: a',
        (m) => (ctx.taintSources.length === 1 && m.includes('<<<UNTRUSTED-DATA') ? 'OPEN: 1' : 'DONE\nnot tainted in time'),
        'NOTE: a fact\nOPEN: 1',
        'DONE\nAnswer.',
      ],
    });
    const log: string[] = [];
    const outcome = await createWebAgent({ driver: fakeDriverFactory(log), search, prompts: filePromptSource() }).run(ctx);
    expect(outcome.answer).toBe('Answer.\n\nSources:\n- https://a.org/');
    expect(ctx.taintSources).toEqual(['web']);
    expect(log).toEqual(['driver', 'navigate https://a.org/', 'navigate https://a.org/next', 'close']);
  });

  it('starts every request with fresh notes and a fresh page', async () => {
    const log: string[] = [];
    const agent = createWebAgent({ driver: fakeDriverFactory(log), search, prompts: filePromptSource() });
    const first = scriptedAgentContext({ request: 'one', script: ['OPEN: https://a.org/x', 'NOTE: secret from run one\nDONE\nok'] });
    await agent.run(first);
    const second = scriptedAgentContext({ request: 'two', script: ['DONE\nok'] });
    await agent.run(second);
    expect(second.calls[0]!.at(-1)!.content).not.toContain('secret from run one');
    expect(second.calls[0]!.at(-1)!.content).toContain('(none yet)');
    expect(log.filter((l) => l === 'driver')).toHaveLength(1);
  });

  it('answers in the user language and teaches every action it parses', async () => {
    const ctx = scriptedAgentContext({ request: 'q', language: 'fr', script: ['DONE\nRéponse.'] });
    await createWebAgent({ driver: fakeDriverFactory([]), search, prompts: filePromptSource(), maxSteps: 5 }).run(ctx);
    const system = ctx.calls[0]![0]!.content;
    expect(system).toContain('answer in French');
    expect(system).toContain('at most 5 steps');
    for (const keyword of ['SEARCH:', 'OPEN:', 'BACK', 'FORM:', 'SUBMIT:', 'DONE', 'NOTE:', '[field handle](value)', '<<<UNTRUSTED-DATA']) expect(system).toContain(keyword);
    expect(system.replace(/Today is \d{4}-\d{2}-\d{2}/, 'Today is DATE')).toMatchSnapshot();
  });

  it('gives the model feedback when a reply has no action, warns on a repeated reply and stops at the second repeat', async () => {
    const ctx = scriptedAgentContext({ request: 'q', script: ['Let me think.', 'Let me think.', 'Let me think.', 'DONE\nNothing found.'] });
    const outcome = await createWebAgent({ driver: fakeDriverFactory([]), search, prompts: filePromptSource() }).run(ctx);
    expect(ctx.calls[1]!.at(-1)!.content).toContain('Your reply had no action.');
    expect(ctx.calls[2]!.at(-1)!.content).toContain('going round in circles');
    expect(ctx.calls[3]!.at(-1)!.content).toContain('The browsing has stopped (stuck)');
    expect(outcome).toMatchObject({ success: false, answer: 'Nothing found.' });
  });

  it('ends at once with an explanation when no browser can start, instead of retrying every step', async () => {
    const ctx = scriptedAgentContext({ request: 'q', script: ['OPEN: https://a.org/', 'DONE\nNo browser is available.'] });
    const driver = async (): Promise<BrowserDriver> => {
      throw new AppError('BROWSER_UNAVAILABLE', 'No Chrome or Chromium was found.');
    };
    const outcome = await createWebAgent({ driver, search, prompts: filePromptSource() }).run(ctx);
    expect(ctx.calls).toHaveLength(2);
    expect(ctx.calls[1]!.at(-1)!.content).toContain('The browsing has stopped (the browser is unavailable: No Chrome or Chromium was found.)');
    expect(outcome).toMatchObject({ success: false, answer: 'No browser is available.' });
  });
});
