// The voice pipeline in the main process: audio batches from a client (IPC or WebSocket) → Silero VAD
// per 32 ms frame → segmenter → whisper → transcript events; spoken answers for requests that came
// by voice; the echo filter and half duplex while the app speaks. Engines load on first use; a
// missing engine or model is reported as "voice unavailable", never a crash.
import { randomUUID } from 'node:crypto';
import { AppError, toErrorData } from '../../common/errors.js';
import type { AppEvent } from '../../common/events.js';
import type { VoiceSettings, VoiceStatus } from '../../common/voice.js';
import type { Emit, Logger } from '../../core/ports.js';
import { isEcho, SpokenHistory } from '../../core/voice/echo.js';
import { Segmenter, type Utterance } from '../../core/voice/segmenter.js';
import { textToSpeak } from '../../core/voice/speakable.js';
import type { WhisperModels } from './models.js';
import { WhisperStt, type WhisperEnginePrefs } from './stt.js';
import { detectTts, ttsInstallHint, type TtsEngine } from './tts.js';
import { SileroVad, VAD_FRAME } from './vad.js';
import { fromInt16, SAMPLE_RATE } from './wav.js';

export interface VoiceDeps {
  settings: () => VoiceSettings;
  models: WhisperModels;
  emit: Emit;
  logger: Logger;
  /** Override the platform's speech engine (tests: espeak-ng with a stand-in player). */
  tts?: TtsEngine | null;
  threads?: number;
  /** Which whisper build to try (the llama engine pin in Settings; whisperEngine.ts). */
  whisperEngine?: () => WhisperEnginePrefs;
}

interface Capture {
  id: string;
  vad: Promise<SileroVad>;
  seg: Segmenter;
  pending: Float32Array;
  queue: Promise<void>;
  controller: AbortController;
  language: string | null;
  ended: boolean;
  /** Time the last audio batch arrived: the end-of-speech latency is measured from it. */
  lastAudioAt: number;
}

const ids = { sessionId: null, turnId: null } as const;

export class VoiceService {
  private readonly captures = new Map<string, Capture>();
  private stt: { path: string; model: Promise<WhisperStt> } | null = null;
  private tts: Promise<TtsEngine | null> | null = null;
  private speaking: { text: string; controller: AbortController } | null = null;
  private readonly spoken = new SpokenHistory();
  /** Turns sent by voice → the language their answer is spoken in (the request's, once routed). */
  private readonly voiceTurns = new Map<string, string | undefined>();
  /** Whisper's language for a text just sent by voice, read back by the router wrapper. */
  private readonly hints = new Map<string, { language: string; at: number }>();
  /** Hook for benchmarks: end of speech (last frame of the hangover fed) → transcript emitted. */
  onUtteranceTiming?: (t: { endToTranscriptMs: number; sttMs: number }) => void;

  constructor(private readonly deps: VoiceDeps) {
    if (deps.tts !== undefined) this.tts = Promise.resolve(deps.tts);
  }

  async status(): Promise<VoiceStatus> {
    const s = this.deps.settings();
    const tts = await this.engine();
    const voices = tts ? await tts.voices().catch(() => []) : [];
    const base = { tts: { engine: tts?.name ?? null, message: tts ? null : ttsInstallHint() }, voices, speaking: this.speaking !== null };
    try {
      const path = this.deps.models.require(s.sttModel);
      await this.model(path);
      await SileroVad.create().then((v) => v.dispose());
      return { available: true, message: null, sttModel: path, ...base };
    } catch (error) {
      return { available: false, message: toErrorData(error).message, sttModel: null, ...base };
    }
  }

  async start(options: { language?: string }): Promise<string> {
    const path = this.deps.models.require(this.deps.settings().sttModel);
    const model = this.model(path);
    const vad = SileroVad.create();
    await Promise.all([model, vad]); // a clear error now rather than in the first audio batch
    const s = this.deps.settings();
    const id = randomUUID();
    const seg = new Segmenter({ hangoverMs: s.hangoverMs, maxUtteranceMs: s.maxUtteranceSec * 1000 });
    this.captures.set(id, {
      id,
      vad,
      seg,
      pending: new Float32Array(0),
      queue: Promise.resolve(),
      controller: new AbortController(),
      language: options.language ?? null,
      ended: false,
      lastAudioAt: 0,
    });
    this.state(id, 'listening');
    return id;
  }

  /** One batch of 16 kHz mono PCM16; processed in order, never blocking the caller. */
  audio(captureId: string, pcm: Int16Array): boolean {
    const c = this.captures.get(captureId);
    if (!c || c.ended) return false;
    c.lastAudioAt = performance.now();
    const halfDuplex = this.speaking !== null && !this.deps.settings().bargeIn;
    if (halfDuplex) return true; // the microphone is paused while the app speaks
    const samples = fromInt16(pcm);
    c.queue = c.queue.then(() => this.frames(c, samples)).catch((error: unknown) => this.fail(c, error));
    return true;
  }

  async stop(captureId: string, cancel: boolean): Promise<boolean> {
    const c = this.captures.get(captureId);
    if (!c) return false;
    if (cancel) {
      c.controller.abort();
      this.end(c);
      return true;
    }
    await c.queue;
    const u = c.seg.flush();
    if (u) await this.transcribe(c, u);
    this.end(c);
    return true;
  }

  /** Records a request sent by voice: its language for the router, its answer to be spoken. */
  sentByVoice(text: string, language: string | undefined, turnId: string | null): void {
    if (language && language !== 'auto') this.hints.set(text.trim(), { language, at: Date.now() });
    if (turnId) this.voiceTurns.set(turnId, language && language !== 'auto' ? language : undefined);
    this.stopSpeaking();
  }

  /** The language whisper heard for this request text, if it was just sent by voice (read once: the same words typed later are routed as typed). */
  languageHint(text: string): string | null {
    const now = Date.now();
    for (const [k, v] of this.hints) if (now - v.at > 60_000) this.hints.delete(k);
    const key = text.trim();
    const hint = this.hints.get(key)?.language ?? null;
    this.hints.delete(key);
    return hint;
  }

  /** Bus listener: answers to voice requests are spoken; a new request stops the app's voice. */
  onEvent(event: AppEvent): void {
    if (event.type === 'turn.started') this.stopSpeaking();
    const turnId = event.turnId;
    if (!turnId || !this.voiceTurns.has(turnId)) return;
    // The router's language for the request (whisper's when it heard one) picks the voice.
    if (event.type === 'agent.selected' && event.routing) this.voiceTurns.set(turnId, event.routing.language);
    if (event.type !== 'turn.done' && event.type !== 'turn.failed' && event.type !== 'turn.cancelled') return;
    const language = this.voiceTurns.get(turnId);
    this.voiceTurns.delete(turnId);
    if (event.type !== 'turn.done') return;
    const text = textToSpeak(event.answer, this.deps.settings().spokenAnswers);
    if (text)
      void this.speak(text, language && language !== 'auto' ? language : undefined).catch((error: unknown) =>
        this.deps.logger.warn('voice: speaking failed', { error: String(error) }),
      );
  }

  async speak(text: string, language?: string): Promise<boolean> {
    const tts = await this.engine();
    if (!tts) throw new AppError('VOICE_UNAVAILABLE', ttsInstallHint());
    this.stopSpeaking();
    const controller = new AbortController();
    const mine = { text, controller };
    this.speaking = mine;
    this.spoken.started(text);
    this.deps.emit({ type: 'voice.speaking', ...ids, speaking: true, text });
    try {
      const s = this.deps.settings();
      const r = await tts.speak(text, { voice: s.voice || undefined, language: language ?? (s.language !== 'auto' ? s.language : undefined), signal: controller.signal });
      return !r.stopped;
    } finally {
      this.spoken.ended(text, Date.now());
      if (this.speaking === mine) this.speaking = null;
      this.deps.emit({ type: 'voice.speaking', ...ids, speaking: false, text });
    }
  }

  warn(message: string, data: Record<string, unknown>): void {
    this.deps.logger.warn(message, data);
  }

  /** The global hotkey: the page starts or stops listening (capture runs in the page). */
  requestToggle(): void {
    this.deps.emit({ type: 'voice.toggle', ...ids });
  }

  stopSpeaking(): boolean {
    if (!this.speaking) return false;
    this.speaking.controller.abort();
    this.speaking = null;
    return true;
  }

  async dispose(): Promise<void> {
    this.stopSpeaking();
    for (const c of this.captures.values()) this.end(c);
    await Promise.allSettled([...this.captures.values()].map((c) => c.queue));
    const stt = this.stt;
    this.stt = null;
    if (stt)
      await stt.model.then(
        (m) => m.dispose(),
        () => undefined,
      );
  }

  private engine(): Promise<TtsEngine | null> {
    this.tts ??= detectTts();
    return this.tts;
  }

  private model(path: string): Promise<WhisperStt> {
    if (this.stt?.path !== path) {
      const old = this.stt;
      const model = WhisperStt.load(path, this.deps.logger, this.deps.whisperEngine?.());
      this.stt = { path, model };
      model.catch(() => (this.stt?.model === model ? (this.stt = null) : null));
      if (old)
        void old.model.then(
          (m) => m.dispose(),
          () => undefined,
        );
    }
    return this.stt.model;
  }

  private async frames(c: Capture, samples: Float32Array): Promise<void> {
    const all = new Float32Array(c.pending.length + samples.length);
    all.set(c.pending);
    all.set(samples, c.pending.length);
    const vad = await c.vad;
    let i = 0;
    for (; i + VAD_FRAME <= all.length && !c.ended; i += VAD_FRAME) {
      const frame = all.slice(i, i + VAD_FRAME);
      for (const e of c.seg.push(frame, await vad.probability(frame))) {
        if (e.type === 'speech-start') this.state(c.id, 'speech');
        else await this.transcribe(c, e.utterance);
      }
    }
    c.pending = all.slice(i);
  }

  private async transcribe(c: Capture, u: Utterance): Promise<void> {
    const endAt = c.lastAudioAt;
    this.state(c.id, 'transcribing');
    const s = this.deps.settings();
    const utteranceId = randomUUID();
    const language = c.language ?? s.language;
    const base = { type: 'voice.transcript' as const, ...ids, captureId: c.id, utteranceId, startSec: u.startMs / 1000, endSec: u.endMs / 1000 };
    const stt = await this.model(this.deps.models.require(s.sttModel));
    const t = await stt.transcribe(u.samples, {
      language,
      signal: c.controller.signal,
      threads: this.deps.threads,
      onPartial: (text) => this.deps.emit({ ...base, text, language, final: false, echo: false, sttMs: 0 }),
    });
    const recent = this.spoken.texts(Date.now());
    const echo = recent.length > 0 && isEcho(t.text, recent);
    // Speech that is not our own voice interrupts it (barge-in).
    if (!echo && t.text) this.stopSpeaking();
    this.deps.emit({ ...base, text: t.text, language: t.language, final: true, echo, sttMs: t.durationMs });
    this.onUtteranceTiming?.({ endToTranscriptMs: performance.now() - endAt, sttMs: t.durationMs });
    if (echo || !t.text) this.state(c.id, 'listening');
    else this.end(c);
  }

  private fail(c: Capture, error: unknown): void {
    const data = toErrorData(error);
    if (data.code !== 'CANCELLED') {
      this.deps.logger.warn('voice: capture failed', { error: data.message });
      this.deps.emit({ type: 'voice.error', ...ids, captureId: c.id, message: data.message });
    }
    this.end(c);
  }

  private end(c: Capture): void {
    if (c.ended) return;
    c.ended = true;
    this.captures.delete(c.id);
    this.state(c.id, 'ended');
    void c.vad.then(
      (v) => v.dispose(),
      () => undefined,
    );
  }

  private state(captureId: string, state: 'listening' | 'speech' | 'transcribing' | 'paused' | 'ended'): void {
    this.deps.emit({ type: 'voice.state', ...ids, captureId, state });
  }
}

export const SAMPLES_PER_BATCH = SAMPLE_RATE / 10;
