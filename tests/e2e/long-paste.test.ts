/// <reference lib="dom" />
// A paste far larger than the context in the web UI: the turn ends with an answer read in parts
// (not CONTEXT_OVERFLOW), the answer cites the parts, and the stored text shows in the workspace panel.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, screenshot, sendAndFinish } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('long paste', () => {
  it('a-paste-larger-than-the-context-is-read-in-parts-and-kept-in-the-workspace', { timeout: 180_000 }, async () => {
    const log = Array.from({ length: 1500 }, (_, i) => `${i + 1} GET /api/orders/${i} 200 ${(i * 13) % 900}ms`).join('\n');
    const note = '- Requests to /api/orders all returned 200; the slowest took close to 900 ms.';
    // 4096 tokens of context: the log (~12,000 tokens) needs several parts. The number of parts is
    // the engine's to choose (tests/integration/largeInput checks it exactly), so every scripted
    // reply is the same note, the combining call's included.
    const e = await open({ responses: Array.from({ length: 40 }, () => note), contextSize: 4096 });
    await sendAndFinish(e.page, `Summarise this access log.\n\n${log}`, 'casual');
    const answer = e.page.getByTestId('answer').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toMatch(/Read in \d+ parts from \.agentic\/inputs\//);
    expect(await answer.getAttribute('data-status')).toBe('done');
    await expect
      .poll(() => e.page.getByTestId('workspace-file').evaluateAll((els) => els.map((el) => el.getAttribute('data-path'))), { timeout: 30_000 })
      .toContain('.agentic/inputs');
    await screenshot(e.page, 'long-paste');
  });
});
