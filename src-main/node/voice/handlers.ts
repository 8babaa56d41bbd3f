// The voice.* commands, and the voice service wired for the composition root (app/) in one call.
import type { CallContext, CommandArgs, CommandOutput, Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { AppEvent } from '../../common/events.js';
import type { VoiceCommandName } from '../../common/voice.js';
import type { Emit, Logger, RequestRouter } from '../../core/ports.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { WhisperModels } from './models.js';
import { VoiceService } from './service.js';
import type { TtsEngine } from './tts.js';

type Send = (input: CommandArgs<'turn.send'>, ctx: CallContext) => Promise<CommandOutput<'turn.send'>>;

export interface VoiceWiring {
  service: VoiceService;
  models: WhisperModels;
  handlers(send: Send): Pick<Handlers, VoiceCommandName>;
  /** Wraps the router: a request sent by voice carries the language whisper heard. */
  router(inner: RequestRouter): RequestRouter;
  dispose(): Promise<void>;
}

export function createVoice(deps: {
  /** Where whisper models live (the app's models folder + /whisper). */
  modelsDir: string;
  settings: SettingsStore;
  emit: Emit;
  logger: Logger;
  subscribe: (listener: (event: AppEvent) => void) => () => void;
  tts?: TtsEngine | null;
}): VoiceWiring {
  const models = new WhisperModels(deps.modelsDir, deps.logger);
  const service = new VoiceService({
    settings: () => deps.settings.get().voice,
    models,
    emit: deps.emit,
    logger: deps.logger,
    tts: deps.tts,
    whisperEngine: () => ({ pin: deps.settings.get().provider.engine }),
  });
  const unsubscribe = deps.subscribe((event) => service.onEvent(event));
  return {
    service,
    models,
    router: (inner) => ({
      route: async (text, choice) => {
        const d = await inner.route(text, choice);
        const heard = service.languageHint(text);
        return heard ? { ...d, language: heard } : d;
      },
    }),
    handlers: (send) => voiceHandlers({ service, models, settings: deps.settings, emit: deps.emit }, send),
    async dispose() {
      unsubscribe();
      await service.dispose();
    },
  };
}

/** The voice.* commands; voice.send starts its turn through `send`, as the composer does. */
function voiceHandlers(deps: { service: VoiceService; models: WhisperModels; settings: SettingsStore; emit: Emit }, send: Send): Pick<Handlers, VoiceCommandName> {
  const { service, models } = deps;
  const downloads = new Set<string>();
  return {
    'voice.status': async () => service.status(),
    'voice.start': async ({ language }) => ({ captureId: await service.start({ language }) }),
    'voice.audio': async ({ captureId, pcm }) => {
      const bytes = Buffer.from(pcm, 'base64');
      if (bytes.length % 2 !== 0) throw new AppError('BAD_INPUT', 'voice.audio: PCM16 data must have an even number of bytes.');
      const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      return { accepted: service.audio(captureId, samples) };
    },
    'voice.stop': async ({ captureId, cancel }) => ({ stopped: await service.stop(captureId, cancel) }),
    'voice.send': async ({ sessionId, text, language, agent }, ctx) => {
      service.sentByVoice(text, language, null);
      const { turnId } = await send({ sessionId, text, agent }, ctx);
      service.sentByVoice(text, undefined, turnId);
      return { turnId };
    },
    'voice.speak': async ({ text, language }) => ({ spoken: await service.speak(text, language) }),
    'voice.stopSpeaking': async () => ({ stopped: service.stopSpeaking() }),
    'voice.models': async () => {
      const s = deps.settings.get();
      return models.list(s.voice.sttModel, s.voice.language);
    },
    'voice.downloadModel': async ({ id }) => {
      if (downloads.has(id)) throw new AppError('BAD_INPUT', `${id} is already downloading.`);
      downloads.add(id);
      const progress = (receivedBytes: number, totalBytes: number | null, done: boolean) =>
        deps.emit({ type: 'model.progress', sessionId: null, turnId: null, modelId: id, receivedBytes, totalBytes, done });
      try {
        const r = await models.manager.download(id, { signal: AbortSignal.timeout(6 * 3600_000), onProgress: (p) => progress(p.receivedBytes, p.totalBytes, false) });
        progress(0, null, true);
        return r;
      } finally {
        downloads.delete(id);
      }
    },
    'voice.deleteModel': async ({ id }) => models.manager.delete(id),
  };
}
