// Voice state of the page: capture, level, what the main process reports (voice.* events), and the
// transcript handed to the composer. A small store of its own, outside the app store's reducer:
// nothing here is persisted or replayed.
import { useSyncExternalStore } from 'react';
import type { AppEvent } from '../../../src-main/common/events.js';
import type { VoiceSettings } from '../../../src-main/common/voice.js';
import { bridge } from '../../bridge/index.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { startCapture, toBase64, type Capture } from './capture.js';

export type VoicePhase = 'idle' | 'starting' | 'listening' | 'speech' | 'transcribing';
export interface VoiceView {
  phase: VoicePhase;
  level: number;
  partial: string;
  speaking: boolean;
  mode: 'hold' | 'toggle' | null;
}

let view: VoiceView = { phase: 'idle', level: 0, partial: '', speaking: false, mode: null };
const listeners = new Set<() => void>();
const set = (patch: Partial<VoiceView>) => {
  view = { ...view, ...patch };
  for (const l of listeners) l();
};
export const useVoice = (): VoiceView =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => view,
  );

let captureId: string | null = null;
let capture: Capture | null = null;
let settings: VoiceSettings | null = null;
let transcriptHandler: ((text: string, language: string, autoSend: boolean) => void) | null = null;

/** The composer registers where a final transcript goes. */
export function onTranscript(handler: typeof transcriptHandler): () => void {
  transcriptHandler = handler;
  return () => {
    if (transcriptHandler === handler) transcriptHandler = null;
  };
}

export async function voiceSettings(): Promise<VoiceSettings | null> {
  const s = await call('settings.get', {});
  settings = s?.voice ?? null;
  return settings;
}

export async function startListening(mode: 'hold' | 'toggle'): Promise<void> {
  if (view.phase !== 'idle') return;
  set({ phase: 'starting', mode, partial: '', level: 0 });
  const s = await voiceSettings();
  const started = await call('voice.start', {});
  if (!started) return set({ phase: 'idle', mode: null });
  captureId = started.captureId;
  const id = started.captureId;
  try {
    capture = await startCapture(s?.inputDevice ?? '', (pcm, level) => {
      set({ level });
      if (captureId === id) void bridge().invoke('voice.audio', { captureId: id, pcm: toBase64(pcm) });
    });
  } catch (error) {
    await bridge().invoke('voice.stop', { captureId: id, cancel: true });
    captureId = null;
    set({ phase: 'idle', mode: null });
    useStore.getState().notify(`Microphone unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Release (push-to-talk) transcribes what was said; cancel (Escape) drops it. */
export async function stopListening(cancel: boolean): Promise<void> {
  const id = captureId;
  await stopCapture();
  if (id) await bridge().invoke('voice.stop', { captureId: id, cancel });
  if (cancel) set({ phase: 'idle', mode: null, partial: '' });
}

export async function toggleListening(): Promise<void> {
  if (view.phase === 'idle') await startListening('toggle');
  else await stopListening(false);
}

async function stopCapture(): Promise<void> {
  const c = capture;
  capture = null;
  set({ level: 0 });
  if (c) await c.stop();
}

export function voiceEvents(events: AppEvent[]): void {
  for (const e of events) {
    if (e.type === 'voice.speaking') set({ speaking: e.speaking });
    if (e.type === 'voice.toggle') void toggleListening();
    if (e.type !== 'voice.state' && e.type !== 'voice.transcript' && e.type !== 'voice.error') continue;
    if (e.captureId !== captureId) continue;
    if (e.type === 'voice.state') {
      if (e.state === 'ended') {
        captureId = null;
        void stopCapture();
        set({ phase: 'idle', mode: null });
      } else if (e.state !== 'paused') set({ phase: e.state });
    } else if (e.type === 'voice.transcript') {
      if (!e.final) set({ partial: e.text });
      else if (!e.echo && e.text) {
        set({ partial: '' });
        transcriptHandler?.(e.text, e.language, settings?.autoSend ?? true);
      }
    } else {
      useStore.getState().notify(e.message);
    }
  }
}

export function connectVoice(): () => void {
  return bridge().onEvents((events) => voiceEvents(events));
}
