// A 500-turn session (200 blocks) in the real page: only the turns near the view are in the DOM,
// scrolling to the top loads the earlier pages (session.turns) without moving what the user looks
// at, and a streamed answer at the bottom is still followed.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish, type E2e } from '../helpers/e2e.js';
import { seedLongSession } from '../helpers/longSession.js';

const open = closedAfterEach(openApp);

const turnsInDom = (e: E2e) => e.page.locator('article.turn').count();
const gapToBottom = (e: E2e) => e.page.getByTestId('chat').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

describe('long session', () => {
  it('keeps the DOM small, loads earlier turns at the top and follows a new answer', { timeout: 240_000 }, async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Streaming line ${i} of the new answer.`).join('\n\n') + '\n\nNEW-ANSWER-END';
    const e = await open([long], [], undefined, (home) => void seedLongSession(home, 500, 200));
    const { page } = e;
    const chat = page.getByTestId('chat');
    await page.locator('[data-testid="session-item"]', { hasText: 'Long session 500' }).locator('.session-open').click();

    // The latest page (200 turns) is loaded; the last one is at the bottom, and few are rendered.
    await expect.poll(() => page.locator('[data-turn-id="seed-499"]').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => gapToBottom(e)).toBeLessThan(80);
    expect(await chat.getAttribute('data-virtual')).toBe('true');
    expect(await turnsInDom(e)).toBeLessThan(30);
    expect(await page.getByTestId('earlier-turns').textContent()).toContain('300');

    // Scroll to the top: the page before loads in front, and the turn that was at the top stays in view.
    await chat.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.locator('[data-turn-id="seed-300"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('earlier-turns').textContent(), { timeout: 30_000 }).toContain('100');
    const anchor = page.locator('[data-turn-id="seed-300"]');
    await expect.poll(() => anchor.count()).toBe(1);
    const [box, view] = await Promise.all([anchor.boundingBox(), chat.boundingBox()]);
    expect(box && view && box.y + box.height > view.y && box.y < view.y + view.height).toBe(true);
    expect(await turnsInDom(e)).toBeLessThan(30);

    // Once more to the top, then the first turn of the session is reachable and the button is gone.
    await chat.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.getByTestId('earlier-turns').count(), { timeout: 30_000 }).toBe(0);
    await chat.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.locator('[data-turn-id="seed-0"]').count()).toBe(1);

    // Back at the bottom, a new streamed answer is followed to its end.
    await chat.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => gapToBottom(e)).toBeLessThan(80);
    await sendAndFinish(page, 'one more question', 'casual');
    await expect.poll(() => gapToBottom(e)).toBeLessThan(80);
    const end = await page.getByText('NEW-ANSWER-END').boundingBox();
    const chatBox = await chat.boundingBox();
    expect(end && chatBox && end.y >= chatBox.y && end.y + end.height <= chatBox.y + chatBox.height + 1).toBe(true);
    expect(await turnsInDom(e)).toBeLessThan(30);
    await screenshot(page, 'long-session');
  });

  it('keeps the view on the same turn when the earlier page loads into the plain list (?virtual=0)', { timeout: 240_000 }, async () => {
    const e = await open(['unused'], [], undefined, (home) => void seedLongSession(home, 300, 100));
    const { page } = e;
    await page.goto(`${e.host.url}${e.host.url.includes('?') ? '&' : '?'}virtual=0`);
    const chat = page.getByTestId('chat');
    await page.locator('[data-testid="session-item"]', { hasText: 'Long session 300' }).locator('.session-open').click();
    await expect.poll(() => page.locator('[data-turn-id="seed-299"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await chat.getAttribute('data-virtual')).toBeNull();

    // Scrolled to the top, seed-100 is the first turn; once seed-0 … seed-99 are in front it is still where it was.
    await chat.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.getByTestId('earlier-turns').count(), { timeout: 30_000 }).toBe(0);
    const [box, view] = await Promise.all([page.locator('[data-turn-id="seed-100"]').boundingBox(), chat.boundingBox()]);
    expect(box && view && box.y >= view.y - 1 && box.y < view.y + 120).toBe(true);
    expect(await chat.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
  });
});
