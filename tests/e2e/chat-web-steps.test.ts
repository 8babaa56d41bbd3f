/// <reference lib="dom" />
// The web agent's action language (SEARCH:, OPEN:, NOTE:, DONE) is for the engine: the chat shows
// the pages it visited and its notes instead, and its final answer once.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openWebAgentApp, screenshot, send } from '../helpers/e2e.js';

const open = closedAfterEach(openWebAgentApp);

describe('web agent in the chat', () => {
  it('shows its steps without protocol lines and its answer once', { timeout: 240_000 }, async () => {
    const { page } = await open([
      'I will search first.\nSEARCH: sea otters tools',
      'The first result looks right.\nOPEN: 1',
      'NOTE: Sea otters crack shellfish with stones.\nDONE\nSea otters use stones as tools to crack shellfish.',
    ]);
    await send(page, 'how do sea otters use tools?', 'web');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 150_000 }).toBe('done');
    const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
    expect(text).not.toMatch(/\b(SEARCH|OPEN|NOTE|DONE)\b/);
    expect(text.split('use stones as tools').length - 1).toBe(1);
    const activity = answer.getByTestId('web-activity');
    expect(await activity.getByTestId('web-step').first().textContent()).toContain('Searched “sea otters tools”');
    expect(await activity.getByTestId('web-page').allTextContents()).not.toEqual([]);
    expect(await activity.locator('a').first().getAttribute('href')).toMatch(/\/article/);
    expect(await activity.getByTestId('web-notes').textContent()).toContain('Sea otters crack shellfish with stones.');
    await activity.locator('summary').click();
    await screenshot(page, 'chat-web-steps');
  });
});
