/// <reference lib="dom" />
// Voice end to end in real Chromium through the web host: Chromium's fake capture device plays a
// WAV of espeak-ng speech into getUserMedia → AudioWorklet (16 kHz) → voice.audio batches over the
// WebSocket → Silero VAD → utterance → whisper (random-weight model, gibberish by design) →
// transcript in the composer → request sent (voice.send) → turn completed by the Replay provider.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../helpers/e2e.js';
import { startWebHost, type WebHost } from '../helpers/processes.js';
import { makeSpeechWav } from '../helpers/speechAudio.js';
import { tinyWhisperPath } from '../helpers/tinyWhisper.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-e2e-voice-'));
let host: WebHost;
let browser: Browser;

beforeAll(async () => {
  const wav = makeSpeechWav(join(home, 'audio'), ['Please show me the files in my project folder.'], { gapSec: 2.5, leadSec: 1.0 });
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ voice: { sttModel: tinyWhisperPath(), language: 'en', spokenAnswers: 'off' } }));
  writeFileSync(join(home, 'replay.json'), JSON.stringify({ responses: ['Here are your files: notes.txt and plan.md.', 'Second answer.'] }));
  mkdirSync(join(home, 'ws'), { recursive: true });
  host = await startWebHost(['--port', '0', '--replay', join(home, 'replay.json'), '--workspace', join(home, 'ws')], home);
  browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav.path}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('voice in the browser', () => {
  it('speech → utterance → transcript in the composer → request sent → turn completed', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['microphone'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(host.url);
    await expect.poll(() => page.getByTestId('chat-input').isEnabled(), { timeout: 30_000 }).toBe(true);
    // Record what the composer shows, so the transcript is seen there before it is sent.
    await page.evaluate(() => {
      const w = window as unknown as { __composer: string[] };
      w.__composer = [];
      setInterval(() => {
        const v = (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement | null)?.value ?? '';
        if (v && w.__composer.at(-1) !== v) w.__composer.push(v);
      }, 5);
    });
    // The request is gibberish (random-weight whisper): pick the agent rather than leave it to the router.
    await page.getByTestId('agent-picker').selectOption('casual');
    await page.getByTestId('mic').click();
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase'), { timeout: 20_000 }).toMatch(/listening|speech/);
    // The level meter moves with the fake microphone's speech.
    await expect
      .poll(async () => Number.parseFloat((await page.getByTestId('voice-level').getAttribute('style'))?.match(/width: (\d+)/)?.[1] ?? '0'), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'voice-listening');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    await expect.poll(() => answer.textContent()).toContain('notes.txt');
    const composer = await page.evaluate(() => (window as unknown as { __composer: string[] }).__composer);
    expect(composer.length).toBeGreaterThan(0);
    const heard = composer[0]!;
    expect(heard.trim().length).toBeGreaterThan(0);
    // The request the turn ran is the transcript; the composer is empty again (auto-send).
    expect(await page.getByText(heard.trim(), { exact: false }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('chat-input').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase')).toBe('idle');
    await screenshot(page, 'voice-turn-done');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Escape cancels listening; nothing is sent', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['microphone'] });
    const page = await context.newPage();
    // Nothing may be sent: watch the requests the page makes (the last session's turns load meanwhile).
    const sent: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        const m = /"command":"(voice\.send|turn\.send)"/.exec(String(f.payload));
        if (m) sent.push(m[1]!);
      }),
    );
    await page.goto(host.url);
    await expect.poll(() => page.getByTestId('chat-input').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('mic').click();
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase'), { timeout: 20_000 }).toMatch(/listening|speech/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('voice').getAttribute('data-phase')).toBe('idle');
    await page.waitForTimeout(4_000);
    expect(sent).toEqual([]);
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');
    await context.close();
  });
});
