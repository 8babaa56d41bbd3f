// Spoken answers through espeak-ng: audio of plausible duration, Stop ends it, code is not read.
// No sound card exists here, so the player is tests/helpers/nullPlayer.mjs, which takes the WAV on
// stdin and plays it in real time (waits its length) like paplay would.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textToSpeak } from '../../../src-main/core/voice/speakable.js';
import { EspeakEngine } from '../../../src-main/node/voice/tts.js';
import { decodeWav } from '../../../src-main/node/voice/wav.js';

const dir = mkdtempSync(join(tmpdir(), 'tts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const played = join(dir, 'played.json');
const engine = new EspeakEngine([process.execPath, resolve('tests/helpers/nullPlayer.mjs'), played]);

function seconds(path: string): number {
  const pcm = decodeWav(readFileSync(path));
  return pcm.samples.length / pcm.sampleRate;
}

describe('espeak-ng spoken answers', () => {
  it('is available and lists voices by language', async () => {
    expect(await engine.available()).toBe(true);
    const voices = await engine.voices();
    expect(voices.some((v) => v.language.startsWith('fr'))).toBe(true);
    expect(voices.some((v) => v.language.startsWith('de'))).toBe(true);
  });

  it('writes audio whose length fits the words (about 2-4 words a second)', async () => {
    const words = 'The meeting with the design team moved to Thursday at three in the afternoon.';
    const out = join(dir, 'a.wav');
    await engine.synthesize(words, out);
    const s = seconds(out);
    const n = words.split(' ').length;
    expect(s).toBeGreaterThan(n / 4.5);
    expect(s).toBeLessThan(n / 1.5);
    // another language's voice
    await engine.synthesize('Bonjour, comment allez-vous ?', join(dir, 'fr.wav'), { language: 'fr' });
    expect(seconds(join(dir, 'fr.wav'))).toBeGreaterThan(0.8);
  });

  it('speaks through the player for the length of the audio', async () => {
    const r = await engine.speak('Hello, the answer is forty two.');
    expect(r.stopped).toBe(false);
    const info = JSON.parse(readFileSync(played, 'utf8')) as { seconds: number };
    expect(info.seconds).toBeGreaterThan(1);
    expect(r.durationMs).toBeGreaterThanOrEqual(info.seconds * 1000 - 50);
  });

  it('Stop ends the speech at once', async () => {
    const controller = new AbortController();
    const long = 'This is a long answer that would take many seconds to read out loud. '.repeat(6);
    const started = performance.now();
    const job = engine.speak(long, { signal: controller.signal });
    setTimeout(() => controller.abort(), 800);
    const r = await job;
    expect(r.stopped).toBe(true);
    const info = JSON.parse(readFileSync(played, 'utf8')) as { seconds: number };
    expect(info.seconds).toBeGreaterThan(10);
    expect(performance.now() - started).toBeLessThan((info.seconds * 1000) / 2);
  });

  it('does not read code: the audio of an answer with a code block is as long as its prose alone', async () => {
    const answer = 'Here is the script.\n```python\nfor i in range(10):\n    print(i * i, "squared value of the number")\n```\nRun it twice.';
    const text = textToSpeak(answer, 'all')!;
    expect(text).toBe('Here is the script. Run it twice.');
    await engine.synthesize(text, join(dir, 'prose.wav'));
    await engine.synthesize(answer, join(dir, 'raw.wav'));
    expect(existsSync(join(dir, 'prose.wav'))).toBe(true);
    expect(seconds(join(dir, 'prose.wav'))).toBeLessThan(seconds(join(dir, 'raw.wav')) / 2);
  });
});
