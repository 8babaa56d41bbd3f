// `agentic listen FILE.wav` (voice activity → utterances → whisper, JSON lines with --json) and
// `agentic say "TEXT" [--out FILE.wav]` (the platform's speech engine).
import { appPaths } from '../../app/paths.js';
import { AppError } from '../../common/errors.js';
import { Segmenter, type Utterance } from '../../core/voice/segmenter.js';
import { createLogger } from '../../node/logger.js';
import { WhisperModels, whisperModelsDir } from '../../node/voice/models.js';
import { WhisperStt } from '../../node/voice/stt.js';
import { detectTts, ttsInstallHint } from '../../node/voice/tts.js';
import { SileroVad, VAD_FRAME } from '../../node/voice/vad.js';
import { readWav16k } from '../../node/voice/wav.js';
import type { ListenArgs, SayArgs } from './args.js';

const round = (ms: number) => Math.round(ms) / 1000;

async function utterancesOf(samples: Float32Array): Promise<Utterance[]> {
  const vad = await SileroVad.create();
  const seg = new Segmenter();
  const out: Utterance[] = [];
  try {
    for (let i = 0; i < samples.length; i += VAD_FRAME) {
      const frame = samples.slice(i, i + VAD_FRAME);
      for (const e of seg.push(frame, await vad.probability(frame))) if (e.type === 'utterance') out.push(e.utterance);
    }
    const last = seg.flush();
    if (last) out.push(last);
  } finally {
    await vad.dispose();
  }
  return out;
}

export async function listenCommand(args: ListenArgs): Promise<number> {
  const logger = createLogger({ level: 'error' });
  const models = new WhisperModels(whisperModelsDir(appPaths({ host: 'cli' }).modelsDir), logger);
  const modelPath = models.require(args.sttModel ?? '');
  const samples = await readWav16k(args.file);
  const [stt, utterances] = await Promise.all([WhisperStt.load(modelPath, logger), utterancesOf(samples)]);
  try {
    for (const u of utterances) {
      const t = await stt.transcribe(u.samples, { language: args.language ?? 'auto' });
      const line = { type: 'utterance', start: round(u.speechStartMs), end: round(u.endMs), text: t.text, language: t.language };
      process.stdout.write(args.json ? JSON.stringify(line) + '\n' : `[${line.start.toFixed(2)}–${line.end.toFixed(2)}] (${line.language}) ${line.text}\n`);
    }
  } finally {
    await stt.dispose();
  }
  process.stdout.write(args.json ? JSON.stringify({ type: 'done', utterances: utterances.length }) + '\n' : `${utterances.length} utterance(s)\n`);
  return 0;
}

export async function sayCommand(args: SayArgs): Promise<number> {
  const tts = await detectTts();
  if (!tts) throw new AppError('VOICE_UNAVAILABLE', ttsInstallHint());
  const options = { language: args.language, voice: args.voice };
  if (args.out) {
    await tts.synthesize(args.text, args.out, options);
    process.stdout.write(`${args.out}\n`);
    return 0;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  await tts.speak(args.text, { ...options, signal: controller.signal });
  return 0;
}
