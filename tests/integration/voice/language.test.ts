// A request sent by voice carries the language whisper heard to the router's decision (and so to
// the agent's prompt); a typed request keeps the router's own guess.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('heard language', () => {
  it("voice.send gives the router whisper's language; turn.send does not", async () => {
    t = await startTestApp(['Bonjour !', 'Hello!', 'x', 'y', 'z', 'w'], { settings: { voice: { spokenAnswers: 'off' } } });
    const sessionId = t.newSession();
    const ctx = { clientId: 'test' };
    const spoken = await t.app.handlers['voice.send']({ sessionId, text: 'hello there my friend', language: 'fr', agent: 'auto' }, ctx);
    await expect.poll(() => t!.of('agent.selected', spoken.turnId).length, { timeout: 30_000 }).toBe(1);
    expect(t.of('agent.selected', spoken.turnId)[0]!.routing?.language).toBe('fr');
    await t.app.handlers['turn.cancel']({ turnId: spoken.turnId }, ctx);
    const typed = await t.app.handlers['turn.send']({ sessionId, text: 'hello there my friend', agent: 'auto' }, ctx);
    await expect.poll(() => t!.of('agent.selected', typed.turnId).length, { timeout: 30_000 }).toBe(1);
    expect(t.of('agent.selected', typed.turnId)[0]!.routing?.language).toBe('en');
    await t.app.handlers['turn.cancel']({ turnId: typed.turnId }, ctx);
  }, 60_000);
});
