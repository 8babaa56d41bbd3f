// whisper.cpp through @fugood/whisper.node on a tiny random-weight model the test writes: it loads,
// transcribes every utterance (gibberish by design), can be cancelled, honours the language
// setting; a missing or corrupt model file is a clear error.
import { copyFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhisperStt } from '../../../src-main/node/voice/stt.js';
import { readWav16k } from '../../../src-main/node/voice/wav.js';
import { whisperEngineState } from '../../../src-main/node/voice/whisperEngine.js';
import { makeSpeechWav } from '../../helpers/speechAudio.js';
import { tinyWhisperPath } from '../../helpers/tinyWhisper.js';

const dir = mkdtempSync(join(tmpdir(), 'stt-'));
let stt: WhisperStt;
let speech: Float32Array;

beforeAll(async () => {
  // A machine without a GPU (this one, recorded so a developer's GPU does not change the test).
  stt = await WhisperStt.load(tinyWhisperPath(), undefined, { detect: () => Promise.resolve({ platform: process.platform, arch: process.arch, gpus: [] }) });
  const file = makeSpeechWav(dir, ['Open the file and show me the first line.'], { gapSec: 0.3, leadSec: 0.2 });
  speech = await readWav16k(file.path);
}, 60_000);
afterAll(async () => {
  await stt?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('whisper STT on a random-weight model', () => {
  it('runs on the CPU build where no GPU was found, and says so for the doctor', () => {
    const expected = { build: 'default', engine: 'cpu', reason: 'No GPU found: the CPU runs speech-to-text.' };
    expect(stt.engine).toEqual(expected);
    expect(whisperEngineState()).toEqual(expected);
  });

  it('transcribes an utterance to some text, in the language asked for', async () => {
    const en = await stt.transcribe(speech, { language: 'en' });
    expect(en.text.length).toBeGreaterThan(0);
    expect(en.language).toBe('en');
    const fr = await stt.transcribe(speech, { language: 'fr' });
    expect(fr.language).toBe('fr');
  }, 60_000);

  it('detects a language when set to auto', async () => {
    const auto = await stt.transcribe(speech, { language: 'auto' });
    expect(auto.language).toMatch(/^[a-z]{2,3}$/);
    expect(auto.language).not.toBe('auto');
  }, 60_000);

  it('transcribes several utterances in a row, each to text', async () => {
    const parts = [speech.subarray(0, speech.length / 2), speech.subarray(speech.length / 2)];
    const out = await Promise.all(parts.map((p) => stt.transcribe(p, { language: 'en' })));
    for (const t of out) expect(t.text.length).toBeGreaterThan(0);
  }, 60_000);

  it('can be cancelled', async () => {
    const controller = new AbortController();
    const long = new Float32Array(speech.length * 4);
    for (let i = 0; i < 4; i++) long.set(speech, i * speech.length);
    const job = stt.transcribe(long, { language: 'en', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(job).rejects.toMatchObject({ code: 'CANCELLED' });
    // and the model is still usable afterwards
    expect((await stt.transcribe(speech, { language: 'en' })).text.length).toBeGreaterThan(0);
  }, 60_000);

  it('a missing model file names the download command', async () => {
    await expect(WhisperStt.load(join(dir, 'missing.bin'))).rejects.toThrow(/agentic models download whisper-base/);
  });

  it('a file that is not a whisper model is refused before whisper.cpp opens it', async () => {
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, Buffer.alloc(2_000_000, 7));
    await expect(WhisperStt.load(junk)).rejects.toThrow(/not a whisper\.cpp model file/);
  });

  it('a truncated (corrupt) model is a clear load error, not a crash', async () => {
    const cut = join(dir, 'cut.bin');
    copyFileSync(tinyWhisperPath(), cut);
    truncateSync(cut, 3_000_000);
    await expect(WhisperStt.load(cut)).rejects.toMatchObject({
      code: 'MODEL_LOAD_FAILED',
      message: expect.stringMatching(/could not be loaded .*not all tensors loaded.*download it again/),
    });
  });
});
