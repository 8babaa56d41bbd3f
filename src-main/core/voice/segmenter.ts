// Cuts a stream of audio frames into utterances from per-frame speech probabilities (Silero VAD).
// Pure: the caller feeds each frame with its probability and gets events back. Speech starts when
// the probability crosses `threshold` for `minSpeechMs`; it ends after `hangoverMs` below the lower
// `negativeThreshold` (hysteresis keeps short dips inside words from splitting them), or when the
// utterance reaches `maxUtteranceMs`. `preRollMs` of audio before the start is kept so the first
// syllable (which the VAD scores late) is not cut off.

export interface SegmenterOptions {
  sampleRate: number;
  threshold: number;
  negativeThreshold: number;
  minSpeechMs: number;
  hangoverMs: number;
  maxUtteranceMs: number;
  preRollMs: number;
}

export const DEFAULT_SEGMENTER: SegmenterOptions = {
  sampleRate: 16_000,
  threshold: 0.5,
  negativeThreshold: 0.35,
  minSpeechMs: 150,
  hangoverMs: 700,
  maxUtteranceMs: 30_000,
  preRollMs: 300,
};

export interface Utterance {
  /** Stream time of the first kept sample (pre-roll included), in ms. */
  startMs: number;
  /** Stream time of the last speech frame (the hangover's silence is trimmed), in ms. */
  endMs: number;
  /** When the speech itself was detected (without pre-roll), in ms. */
  speechStartMs: number;
  samples: Float32Array;
  /** 'silence' after the hangover, 'max-length', or 'flush' when the caller ended the stream. */
  reason: 'silence' | 'max-length' | 'flush';
}

export type SegmenterEvent = { type: 'speech-start'; atMs: number } | { type: 'utterance'; utterance: Utterance };

export class Segmenter {
  private readonly o: SegmenterOptions;
  private timeMs = 0;
  private inSpeech = false;
  private candidateMs = 0;
  private silenceMs = 0;
  private speechStartMs = 0;
  private startMs = 0;
  private lastSpeechEndMs = 0;
  /** Frames of the current utterance (from the pre-roll on). */
  private frames: Float32Array[] = [];
  /** Frames before speech, kept up to preRollMs plus the frames that confirm the start. */
  private recent: Array<{ frame: Float32Array; atMs: number }> = [];

  constructor(options: Partial<SegmenterOptions> = {}) {
    this.o = { ...DEFAULT_SEGMENTER, ...options };
  }

  get speaking(): boolean {
    return this.inSpeech;
  }

  get nowMs(): number {
    return this.timeMs;
  }

  push(frame: Float32Array, probability: number): SegmenterEvent[] {
    const frameMs = (frame.length / this.o.sampleRate) * 1000;
    const atMs = this.timeMs;
    this.timeMs += frameMs;
    return this.inSpeech ? this.pushInSpeech(frame, probability, atMs, frameMs) : this.pushInSilence(frame, probability, atMs, frameMs);
  }

  /** Ends the stream: an utterance in progress is returned as it is (push-to-talk released). */
  flush(): Utterance | null {
    if (!this.inSpeech) {
      this.reset();
      return null;
    }
    const u = this.finish('flush', this.timeMs);
    return u;
  }

  reset(): void {
    this.inSpeech = false;
    this.candidateMs = 0;
    this.silenceMs = 0;
    this.frames = [];
    this.recent = [];
  }

  private pushInSilence(frame: Float32Array, p: number, atMs: number, frameMs: number): SegmenterEvent[] {
    this.recent.push({ frame, atMs });
    if (p >= this.o.threshold) {
      if (this.candidateMs === 0) this.speechStartMs = atMs;
      this.candidateMs += frameMs;
    } else if (p < this.o.negativeThreshold) this.candidateMs = 0;
    const keepFrom = (this.candidateMs > 0 ? this.speechStartMs : atMs + frameMs) - this.o.preRollMs;
    while (this.recent.length > 1 && this.recent[0]!.atMs + frameMs <= keepFrom) this.recent.shift();
    if (this.candidateMs < this.o.minSpeechMs) return [];
    this.inSpeech = true;
    this.silenceMs = 0;
    this.lastSpeechEndMs = atMs + frameMs;
    this.startMs = this.recent[0]!.atMs;
    this.frames = this.recent.map((r) => r.frame);
    this.recent = [];
    return [{ type: 'speech-start', atMs: this.speechStartMs }];
  }

  private pushInSpeech(frame: Float32Array, p: number, atMs: number, frameMs: number): SegmenterEvent[] {
    this.frames.push(frame);
    if (p >= this.o.negativeThreshold) {
      this.silenceMs = 0;
      this.lastSpeechEndMs = atMs + frameMs;
    } else this.silenceMs += frameMs;
    if (this.silenceMs >= this.o.hangoverMs) return [{ type: 'utterance', utterance: this.finish('silence', this.lastSpeechEndMs) }];
    if (atMs + frameMs - this.startMs >= this.o.maxUtteranceMs) return [{ type: 'utterance', utterance: this.finish('max-length', atMs + frameMs) }];
    return [];
  }

  private finish(reason: Utterance['reason'], endMs: number): Utterance {
    // Keep a little of the trailing silence (as much as the pre-roll) so the last phoneme's decay stays.
    const keepMs = Math.min(this.timeMs, endMs + (reason === 'silence' ? Math.min(this.o.preRollMs, this.o.hangoverMs) : 0));
    const total = Math.round(((keepMs - this.startMs) / 1000) * this.o.sampleRate);
    const samples = new Float32Array(Math.max(0, total));
    let offset = 0;
    for (const f of this.frames) {
      if (offset >= samples.length) break;
      const n = Math.min(f.length, samples.length - offset);
      samples.set(n === f.length ? f : f.subarray(0, n), offset);
      offset += n;
    }
    const utterance: Utterance = { startMs: this.startMs, endMs, speechStartMs: this.speechStartMs, samples, reason };
    this.reset();
    return utterance;
  }
}
