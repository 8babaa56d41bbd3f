// Voice: Silero VAD cost per frame on one thread (baseline: the bare onnxruntime session on the
// same frames); end of speech → request sent through the app, STT time excluded (baseline: a typed
// request, turn.send → turn.started); whisper real-time factor through the app's adapter against a
// bare @fugood/whisper.node call on the same file and model (the tiny random-weight model).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { readFile } from 'node:fs/promises';
import { initWhisper } from '@fugood/whisper.node';
import type { AppEvent } from '../../src-main/common/events.js';
import { SileroVad, sileroModelPath, VAD_FRAME } from '../../src-main/node/voice/vad.js';
import { WhisperStt } from '../../src-main/node/voice/stt.js';
import { readWav16k, toInt16 } from '../../src-main/node/voice/wav.js';
import { startTestApp } from '../../tests/helpers/appHarness.js';
import { makeSpeechWav } from '../../tests/helpers/speechAudio.js';
import { tinyWhisperPath } from '../../tests/helpers/tinyWhisper.js';
import { median, type BenchRow } from '../types.js';

const SUITE = 'voice';

async function vadRows(samples: Float32Array): Promise<BenchRow[]> {
  const frames: Float32Array[] = [];
  for (let i = 0; i + VAD_FRAME <= samples.length; i += VAD_FRAME) frames.push(samples.slice(i, i + VAD_FRAME));
  const vad = await SileroVad.create();
  // Bare onnxruntime: same model, same single thread, no wrapper.
  const session = await ort.InferenceSession.create(await readFile(sileroModelPath()), { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const sr = new ort.Tensor('int64', BigInt64Array.from([16000n]), [1]);
  const appPass = async () => {
    vad.reset();
    const t0 = performance.now();
    for (const f of frames) await vad.probability(f);
    return (performance.now() - t0) / frames.length;
  };
  const barePass = async () => {
    let h: ort.Tensor = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    let c: ort.Tensor = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    const t0 = performance.now();
    for (const f of frames) {
      const out = await session.run({ input: new ort.Tensor('float32', f, [1, VAD_FRAME]), h, c, sr });
      h = out.hn as ort.Tensor;
      c = out.cn as ort.Tensor;
    }
    return (performance.now() - t0) / frames.length;
  };
  await appPass();
  await barePass();
  const app: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 5; i++) {
    app.push(await appPass());
    bare.push(await barePass());
  }
  const appMs = median(app);
  const bareMs = median(bare);
  await vad.dispose();
  await session.release();
  const per30 = (ms: number) => (ms * 30) / 32; // a frame is 512 samples = 32 ms
  return [
    {
      suite: SUITE,
      metric: 'VAD cost per 30 ms of audio (1 thread)',
      value: per30(appMs),
      unit: 'ms',
      baseline: { label: 'bare onnxruntime session', value: per30(bareMs) },
      ratio: appMs / bareMs,
      target: '≤ 1 ms',
      met: per30(appMs) <= 1,
      note: `median of 5 alternating passes over ${frames.length} frames of 512 samples`,
    },
  ];
}

async function endToSendRows(wavPath: string): Promise<BenchRow[]> {
  const t = await startTestApp(['First answer.', 'Second answer.', 'Third answer.', 'Typed answer.'], {
    settings: { voice: { sttModel: tinyWhisperPath(), language: 'en', spokenAnswers: 'off' } },
  });
  try {
    const h = t.app.handlers;
    const ctx = { clientId: 'bench' };
    const sessionId = t.newSession();
    const samples = toInt16(await readWav16k(wavPath));
    // turn.started can come before the send's promise resolves: keep both times by turn id.
    const startedAt = new Map<string, number>();
    const off = t.app.subscribe((e: AppEvent) => {
      if (e.type === 'turn.started' && e.turnId) startedAt.set(e.turnId, performance.now());
    });
    const figures: number[] = [];
    const stt: number[] = [];
    t.app.voice.service.onUtteranceTiming = ({ endToTranscriptMs, sttMs }) => {
      figures.push(endToTranscriptMs - sttMs);
      stt.push(sttMs);
    };
    const sentAt = new Map<string, number>();
    const offT = t.app.subscribe((e: AppEvent) => {
      if (e.type !== 'voice.transcript' || !e.final || !e.text) return;
      const at = performance.now();
      // What the page does with a final transcript: voice.send at once (auto-send).
      void h['voice.send']({ sessionId, text: e.text, language: e.language, agent: 'casual' }, ctx).then(({ turnId }) => sentAt.set(turnId, at));
    });
    for (let rep = 0; rep < 3; rep++) {
      const { captureId } = await h['voice.start']({}, ctx);
      // Real time: one 100 ms batch every 100 ms, as the page sends them.
      for (let i = 0; i < samples.length; i += 1600) {
        const part = samples.slice(i, i + 1600);
        await h['voice.audio']({ captureId, pcm: Buffer.from(part.buffer).toString('base64') }, ctx);
        await new Promise((r) => setTimeout(r, 100));
      }
      await h['voice.stop']({ captureId, cancel: false }, ctx);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 500));
    const sends = [...sentAt].map(([id, at]) => (startedAt.get(id) ?? NaN) - at);
    // Baseline: a typed request.
    const at = performance.now();
    const { turnId } = await h['turn.send']({ sessionId, text: 'typed request', agent: 'casual' }, ctx);
    await new Promise((r) => setTimeout(r, 300));
    const typed = [(startedAt.get(turnId) ?? NaN) - at];
    off();
    offT();
    const value = median(figures) + median(sends.length ? sends : [NaN]);
    const parts = `segmenter end → transcript emitted ${median(figures).toFixed(1)} ms + voice.send → turn.started ${median(sends).toFixed(1)} ms`;
    return [
      {
        suite: SUITE,
        metric: 'end of utterance → request sent, STT excluded',
        value,
        unit: 'ms',
        baseline: { label: 'typed request: turn.send → turn.started', value: median(typed) },
        target: '≤ 300 ms',
        met: value <= 300,
        note: `${figures.length} utterances: ${parts}; measured from the audio batch that completed the ${700} ms silence hangover (the hangover itself comes on top); STT median ${median(stt).toFixed(0)} ms`,
      },
    ];
  } finally {
    await t.close();
  }
}

async function rtfRows(wavPath: string): Promise<BenchRow[]> {
  const samples = await readWav16k(wavPath);
  const audioSec = samples.length / 16_000;
  const options = { language: 'en', threads: 1 };
  const app = await WhisperStt.load(tinyWhisperPath());
  const bare = await initWhisper({ filePath: tinyWhisperPath(), useGpu: false });
  const pcm = toInt16(samples);
  const bareRun = async () => {
    const t0 = performance.now();
    await bare.transcribeData(pcm.buffer.slice(0) as ArrayBuffer, { language: 'en', maxThreads: 1, temperatureInc: 0 }).promise;
    return performance.now() - t0;
  };
  const appRun = async () => {
    const t0 = performance.now();
    await app.transcribe(samples, options);
    return performance.now() - t0;
  };
  await bareRun();
  await appRun();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 6; i++) {
    if (i % 2) {
      b.push(await bareRun());
      a.push(await appRun());
    } else {
      a.push(await appRun());
      b.push(await bareRun());
    }
  }
  await app.dispose();
  await bare.release();
  const appRtf = audioSec / (median(a) / 1000);
  const bareRtf = audioSec / (median(b) / 1000);
  return [
    {
      suite: SUITE,
      metric: 'whisper real-time factor through the app (audio s per s)',
      value: appRtf,
      unit: 'x',
      baseline: { label: 'bare @fugood/whisper.node transcribeData', value: bareRtf },
      ratio: appRtf / bareRtf,
      target: 'ratio ≥ 0.95',
      met: appRtf / bareRtf >= 0.95,
      note: `${audioSec.toFixed(1)} s of espeak-ng speech, tiny random-weight model, 1 thread, greedy without fallback`,
    },
  ];
}

export default async function voiceBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-voice-'));
  try {
    const wav = makeSpeechWav(dir, ['Please open the quarterly report and summarise it.'], { gapSec: 1.2, leadSec: 0.5 });
    return [...(await vadRows(await readWav16k(wav.path))), ...(await endToSendRows(wav.path)), ...(await rtfRows(wav.path))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
