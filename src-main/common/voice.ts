// Voice (issue 17): settings, commands and events of push-to-talk, speech-to-text and spoken
// answers. Kept in one file and spread into settings.ts, contract.ts and events.ts.
import { z } from 'zod';
import { AGENT_CHOICES } from './agents.js';
import { ModelEntrySchema } from './models.js';

const Id = z.string().min(1).max(128);
const Lang = z.string().min(1).max(16);

export const SPOKEN_ANSWERS = ['off', 'short', 'all'] as const;

export const VoiceSettingsSchema = z.object({
  /** deviceId of the microphone (getUserMedia); empty = the system default. */
  inputDevice: z.string().max(512).default(''),
  /** Hold this key while the window has focus to talk (KeyboardEvent.code, e.g. Space, or a chord such as Alt+KeyV). Space only when the composer is empty. */
  holdKey: z.string().max(64).default('Space'),
  /** Electron global accelerator that toggles listening from anywhere. */
  globalHotkey: z.string().max(64).default('CommandOrControl+Shift+Space'),
  /** Send the transcript at once, or leave it in the composer to edit. */
  autoSend: z.boolean().default(true),
  /** 'auto' detects; otherwise an ISO 639-1 code. */
  language: Lang.default('auto'),
  /** A whisper catalogue id (whisper-base…) or a path to a ggml model file; empty = the best installed. */
  sttModel: z.string().max(4096).default(''),
  spokenAnswers: z.enum(SPOKEN_ANSWERS).default('short'),
  /** A voice id of the platform's engine; empty = one for the answer's language. */
  voice: z.string().max(256).default(''),
  /** Listen while the app speaks (echo filter on); off = the microphone pauses while it speaks. */
  bargeIn: z.boolean().default(false),
  hangoverMs: z.number().int().min(200).max(5_000).default(700),
  maxUtteranceSec: z.number().int().min(2).max(120).default(30),
});
export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;

export const VoiceStatusSchema = z.object({
  /** Capture + VAD + STT can run (a model is installed and the engines load). */
  available: z.boolean(),
  /** Why not, in words for the user (names the download command when no model is installed). */
  message: z.string().nullable(),
  sttModel: z.string().nullable(),
  tts: z.object({ engine: z.string().nullable(), message: z.string().nullable() }),
  voices: z.array(z.object({ id: z.string(), name: z.string(), language: z.string() })),
  speaking: z.boolean(),
});
export type VoiceStatus = z.infer<typeof VoiceStatusSchema>;

const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });
const Empty = z.object({}).strict();

export const voiceCommands = {
  'voice.status': cmd(Empty, VoiceStatusSchema),
  /** Starts listening; audio follows in voice.audio batches; one utterance per capture (echo excepted). */
  'voice.start': cmd(z.object({ sessionId: Id.optional(), language: Lang.optional() }), z.object({ captureId: Id })),
  /** ~100 ms of 16 kHz mono 16-bit little-endian PCM, base64. */
  'voice.audio': cmd(z.object({ captureId: Id, pcm: z.string().max(65_536) }), z.object({ accepted: z.boolean() })),
  /** Ends the capture: the utterance so far is transcribed (push-to-talk released), or dropped with cancel. */
  'voice.stop': cmd(z.object({ captureId: Id, cancel: z.boolean().default(false) }), z.object({ stopped: z.boolean() })),
  /** Sends a spoken request: turn.send plus its detected language, and its answer is spoken per settings. */
  'voice.send': cmd(
    z.object({ sessionId: Id, text: z.string().min(1).max(20_000), language: Lang.optional(), agent: z.enum(AGENT_CHOICES).default('auto') }),
    z.object({ turnId: Id }),
  ),
  'voice.speak': cmd(z.object({ text: z.string().min(1).max(20_000), language: Lang.optional() }), z.object({ spoken: z.boolean() })),
  'voice.stopSpeaking': cmd(Empty, z.object({ stopped: z.boolean() })),
  'voice.models': cmd(Empty, z.array(ModelEntrySchema)),
  'voice.downloadModel': cmd(z.object({ id: Id }), z.object({ path: z.string() })),
  'voice.deleteModel': cmd(z.object({ id: Id }), z.object({ deleted: z.boolean() })),
} as const;
export type VoiceCommandName = keyof typeof voiceCommands;

/** Event shapes (type → fields); events.ts wraps them with the common fields. */
export const voiceEventShapes = {
  'voice.state': { captureId: z.string(), state: z.enum(['listening', 'speech', 'transcribing', 'paused', 'ended']) },
  'voice.transcript': {
    captureId: z.string(),
    utteranceId: z.string(),
    text: z.string(),
    language: z.string(),
    final: z.boolean(),
    /** Dropped as the app's own voice (echo filter). */
    echo: z.boolean(),
    startSec: z.number(),
    endSec: z.number(),
    sttMs: z.number(),
  },
  'voice.speaking': { speaking: z.boolean(), text: z.string() },
  'voice.error': { captureId: z.string().nullable(), message: z.string() },
  /** The global hotkey (Electron) was pressed: the page starts or stops listening. */
  'voice.toggle': {},
} as const;
