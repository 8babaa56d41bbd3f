import { useEffect } from 'react';
import './voice.css';
import { bridge } from '../../bridge/index.js';
import { startListening, stopListening, toggleListening, useVoice, voiceSettings } from './voiceStore.js';

const LABEL: Record<string, string> = { starting: 'Starting…', listening: 'Listening…', speech: 'Hearing you…', transcribing: 'Transcribing…' };

/** Matches a KeyboardEvent against a setting such as "Space", "KeyV" or "Alt+KeyV". */
export function matchesKey(e: KeyboardEvent, setting: string): boolean {
  const parts = setting.split('+');
  const code = parts.pop();
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return e.code === code && e.altKey === mods.has('alt') && e.ctrlKey === mods.has('ctrl') && e.shiftKey === mods.has('shift') && e.metaKey === mods.has('meta');
}

/**
 * Hold the key to talk (Space only while the composer is empty, so typing a space still works),
 * release to send; Escape cancels. The composer passes whether it is empty.
 */
export function useHoldToTalk(composerEmpty: () => boolean): void {
  useEffect(() => {
    let holdKey = 'Space';
    void voiceSettings().then((s) => s && (holdKey = s.holdKey));
    let held = false;
    const onDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        held = false;
        void stopListening(true);
        void bridge().invoke('voice.stopSpeaking', {});
        return;
      }
      if (e.repeat || !matchesKey(e, holdKey)) return;
      const target = e.target as HTMLElement | null;
      const inComposer = target?.dataset.testid === 'chat-input';
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (holdKey === 'Space' && (!composerEmpty() || (typing && !inComposer))) return;
      e.preventDefault();
      held = true;
      void startListening('hold');
    };
    const onUp = (e: KeyboardEvent) => {
      // Modifiers may be let go first: the key itself ends the hold.
      if (!held || e.code !== holdKey.split('+').pop()) return;
      held = false;
      e.preventDefault();
      void stopListening(false);
    };
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    return () => {
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
    };
  }, [composerEmpty]);
}

/** The composer's microphone: click to listen (voice activity ends the utterance), live level meter. */
export function MicButton({ disabled }: { disabled: boolean }) {
  const v = useVoice();
  const active = v.phase !== 'idle';
  return (
    <span className="voice" data-testid="voice" data-phase={v.phase}>
      {active && (
        <span className="voice-status" data-testid="voice-state">
          <span className="voice-meter" aria-hidden="true">
            <span className="voice-level" data-testid="voice-level" style={{ width: `${Math.min(100, Math.round(v.level * 400))}%` }} />
          </span>
          {v.partial || LABEL[v.phase]}
        </span>
      )}
      {v.speaking && (
        <button className="btn" data-testid="stop-speaking" title="Stop speaking (Escape)" onClick={() => void bridge().invoke('voice.stopSpeaking', {})}>
          ■ Stop speaking
        </button>
      )}
      <button
        className={`btn voice-mic${active ? ' voice-on' : ''}`}
        data-testid="mic"
        aria-pressed={active}
        aria-label={active ? 'Stop listening' : 'Talk (hold the key or click)'}
        title={active ? 'Stop listening (Escape cancels)' : 'Talk: click, or hold Space while the message box is empty'}
        disabled={disabled && !active}
        onClick={() => void toggleListening()}
      >
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M12 15a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v7a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V22h2v-3.08A7 7 0 0 0 19 12h-2z" />
        </svg>
        {active ? ' Stop' : ' Talk'}
      </button>
    </span>
  );
}
