// The voice pipeline of the main process on real engines: audio batches (as the page sends them) →
// Silero VAD → segmenter → whisper (random-weight model) → transcript events; half duplex while the
// app speaks; barge-in: other speech stops the app's voice; answers to voice requests are spoken
// (espeak-ng, with tests/helpers/nullPlayer.mjs standing in for the sound card), code never.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEvent, EventInput } from '../../../src-main/common/events.js';
import { VoiceSettingsSchema, type VoiceSettings } from '../../../src-main/common/voice.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { WhisperModels } from '../../../src-main/node/voice/models.js';
import { VoiceService } from '../../../src-main/node/voice/service.js';
import { EspeakEngine } from '../../../src-main/node/voice/tts.js';
import { readWav16k, toInt16 } from '../../../src-main/node/voice/wav.js';
import { makeSpeechWav } from '../../helpers/speechAudio.js';
import { tinyWhisperPath } from '../../helpers/tinyWhisper.js';

const dir = mkdtempSync(join(tmpdir(), 'voice-service-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const played = join(dir, 'played.json');

function setup(patch: Partial<VoiceSettings> = {}) {
  const settings = VoiceSettingsSchema.parse({ sttModel: tinyWhisperPath(), language: 'en', ...patch });
  const events: EventInput[] = [];
  const service = new VoiceService({
    settings: () => settings,
    models: new WhisperModels(join(dir, 'models'), silentLogger),
    emit: (e) => void events.push(e),
    logger: silentLogger,
    tts: new EspeakEngine([process.execPath, resolve('tests/helpers/nullPlayer.mjs'), played]),
  });
  return { service, events, settings };
}

const speech = makeSpeechWav(join(dir, 'a'), ['Could you check the weather for tomorrow?'], { gapSec: 1.2, leadSec: 0.4 });

async function feed(service: VoiceService, captureId: string, paced = false): Promise<void> {
  const pcm = toInt16(await readWav16k(speech.path));
  for (let i = 0; i < pcm.length; i += 1600) {
    service.audio(captureId, pcm.slice(i, i + 1600));
    if (paced) await new Promise((r) => setTimeout(r, 20));
  }
}

const until = async (check: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('voice service', () => {
  it('turns audio batches into one utterance and a final transcript, then ends the capture', async () => {
    const { service, events } = setup();
    const id = await service.start({});
    await feed(service, id);
    await until(() => events.some((e) => e.type === 'voice.state' && e.state === 'ended'));
    const states = events.filter((e): e is Extract<AppEvent, { type: 'voice.state' }> => e.type === 'voice.state').map((e) => e.state);
    expect(states).toEqual(['listening', 'speech', 'transcribing', 'ended']);
    const final = events.find((e) => e.type === 'voice.transcript' && e.final) as Extract<AppEvent, { type: 'voice.transcript' }>;
    expect(final.text.length).toBeGreaterThan(0);
    expect(final.echo).toBe(false);
    expect(final.language).toBe('en');
    expect(Math.abs(final.endSec - speech.segments[0]!.end)).toBeLessThanOrEqual(0.25);
    await service.dispose();
  }, 60_000);

  it('without a model, start is a clear "voice unavailable" error naming the download command', async () => {
    const { service } = setup({ sttModel: '' });
    await expect(service.start({})).rejects.toThrow(/agentic models download whisper-base/);
    const status = await service.status();
    expect(status.available).toBe(false);
    expect(status.tts.engine).toBe('espeak-ng');
  });

  it('half duplex: while the app speaks, the microphone is paused', async () => {
    const { service, events } = setup({ bargeIn: false });
    const speaking = service.speak('This is a long spoken answer. '.repeat(8));
    await until(() => events.some((e) => e.type === 'voice.speaking' && e.speaking));
    const id = await service.start({});
    await feed(service, id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(events.some((e) => e.type === 'voice.state' && e.state === 'speech')).toBe(false);
    service.stopSpeaking();
    expect(await speaking).toBe(false);
    await service.stop(id, true);
    await service.dispose();
  }, 60_000);

  it("barge-in: speech that is not the app's own voice stops it", async () => {
    const { service, events } = setup({ bargeIn: true });
    const speaking = service.speak('The forecast for tomorrow is sunny with light winds. '.repeat(8));
    await until(() => events.some((e) => e.type === 'voice.speaking' && e.speaking));
    const id = await service.start({});
    await feed(service, id);
    expect(await speaking).toBe(false); // stopped, not finished
    const final = events.find((e) => e.type === 'voice.transcript' && e.final) as Extract<AppEvent, { type: 'voice.transcript' }>;
    expect(final.echo).toBe(false);
    await service.dispose();
  }, 60_000);

  it('speaks the answer of a request sent by voice (prose only), not of a typed one; a new request stops it', async () => {
    const { service, events } = setup({ spokenAnswers: 'short' });
    service.sentByVoice('what is the capital of France', 'fr', 'turn-1');
    expect(service.languageHint('what is the capital of France')).toBe('fr');
    const base = { seq: 1, sessionId: 's', agent: 'casual' as const, reasoning: '', llmCalls: 1 };
    service.onEvent({ type: 'turn.done', ...base, turnId: 'turn-2', answer: 'A typed answer.' });
    service.onEvent({ type: 'turn.done', ...base, turnId: 'turn-1', answer: 'Paris is the capital.\n```python\nprint("never read")\n```' });
    await until(() => events.some((e) => e.type === 'voice.speaking' && e.speaking));
    const spoken = events.filter((e) => e.type === 'voice.speaking' && e.speaking).map((e) => (e as { text: string }).text);
    expect(spoken).toEqual(['Paris is the capital.']);
    await until(() => events.some((e) => e.type === 'voice.speaking' && !e.speaking), 10_000);
    const info = JSON.parse(readFileSync(played, 'utf8')) as { seconds: number };
    expect(info.seconds).toBeGreaterThan(0.8);
    expect(info.seconds).toBeLessThan(4);
    // A new request stops the voice.
    const long = service.speak('Another long answer that keeps going for a while. '.repeat(6));
    await until(() => events.filter((e) => e.type === 'voice.speaking' && e.speaking).length === 2);
    service.onEvent({ type: 'turn.started', seq: 2, sessionId: 's', turnId: 'turn-3', request: 'next' });
    expect(await long).toBe(false);
    await service.dispose();
  }, 60_000);
});
