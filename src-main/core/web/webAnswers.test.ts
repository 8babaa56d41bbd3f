// The web agent loop with answers as small local models write them (issue 25): a table closed by
// "Done.", an answer without any action, prose lines that start with an action word.
import { describe, expect, it } from 'vitest';
import { filePromptSource, scriptedAgentContext } from '../../../tests/helpers/scriptedAgentContext.js';
import type { BrowserDriver, WebSearch } from './driver.js';
import { createWebAgent } from './webAgent.js';

const opened: string[] = [];
const driver = async (): Promise<BrowserDriver> => ({
  navigate: async (url) => (opened.push(url), { url, title: url }),
  back: async () => null,
  readPage: async () => ({ url: 'https://a.org/', title: 'A', markdown: 'Tokyo 37.4 M, Delhi 32.9 M.', links: [], forms: [] }),
  fillForm: async () => undefined,
  submitForm: async () => ({ url: '', title: '' }),
  scrapeResults: async () => ({ url: '', status: 200, title: '', textStart: '', results: [] }),
  screenshot: async () => ({ mime: 'image/png', data: '' }),
  startScreencast: async () => undefined,
  stopScreencast: async () => undefined,
  close: async () => undefined,
});
const search: WebSearch = { name: 'fake', search: async () => [{ title: 'A', url: 'https://a.org/', snippet: 'cities' }] };
const agent = () => createWebAgent({ driver, search, prompts: filePromptSource() });
const table = '| City | Population |\n|---|---|\n| Tokyo | 37.4 M |\n| Delhi | 32.9 M |';

describe('web answers as local models write them', () => {
  it('keeps a table closed by "Done." as the answer instead of "."', async () => {
    const ctx = scriptedAgentContext({ request: 'largest cities', script: ['OPEN: https://a.org/', `NOTE: Tokyo 37.4 M\n${table}\n\nDone.`] });
    const outcome = await agent().run(ctx);
    expect(outcome.answer).toBe(`${table}\n\nSources:\n- https://a.org/`);
    expect(outcome.success).toBe(true);
  });

  it('ends with an answer written without DONE after one reminder', async () => {
    const answer = 'Tokyo is the largest city with 37.4 million people, ahead of Delhi.';
    const ctx = scriptedAgentContext({ request: 'largest city', script: [answer, answer, 'UNUSED'] });
    const outcome = await agent().run(ctx);
    expect(ctx.calls).toHaveLength(2);
    expect(ctx.calls[1]!.at(-1)!.content).toContain('Your reply had no action.');
    expect(outcome.answer).toBe(answer);
  });

  it('never acts on prose that starts with an action word', async () => {
    opened.length = 0;
    const prose = 'Open source maps list Tokyo first.\nBack in 2019 it was the same.\nNote that Delhi grows faster.';
    const ctx = scriptedAgentContext({ request: 'largest city', script: [`${prose}\nSEARCH: largest cities 2024`, 'DONE\nTokyo.'] });
    const outcome = await agent().run(ctx);
    expect(opened).toEqual([]);
    expect(ctx.calls[1]!.at(-1)!.content).toContain('largest cities 2024');
    expect(outcome.answer).toBe('Tokyo.');
  });
});
