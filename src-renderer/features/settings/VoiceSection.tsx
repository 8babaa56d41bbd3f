import { useEffect, useState } from 'react';
import type { Settings } from '../../../src-main/common/settings.js';
import type { VoiceStatus } from '../../../src-main/common/voice.js';
import { call } from '../../state/actions.js';
import { Field, NumberInput, Select, TextInput, Toggle } from '../../ui/fields.js';
import type { UpdateSettings } from './updateSettings.js';

type VoiceModel = { id: string; name: string; installed: boolean; recommended: boolean };
const SPOKEN = [
  ['off', 'Off'],
  ['short', 'Short answers only (never code, tables or lists)'],
  ['all', 'Every answer (never code, tables or lists)'],
] as const;
const LANGUAGES = [
  ['auto', 'Detect'],
  ['en', 'English'],
  ['fr', 'French'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['zh', 'Chinese'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['ja', 'Japanese'],
] as const;

type SetVoice = (patch: Partial<Settings['voice']>) => void;
type VoiceInventory = ReturnType<typeof useVoiceInventory>;

/** Settings → Voice: microphone, keys, auto-send, language, speech-to-text model, spoken answers. */
export function VoiceSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const v = settings.voice;
  const set: SetVoice = (patch) => void update({ voice: patch });
  const inventory = useVoiceInventory(v.sttModel);
  const { status } = inventory;
  return (
    <section className="settings-section" data-testid="settings-voice">
      <h3>Voice</h3>
      {status && !status.available && (
        <p className="voice-hint" data-testid="voice-unavailable">
          {status.message}
        </p>
      )}
      <Field label="Microphone">
        <Select value={v.inputDevice} options={inventory.mics} testId="settings-voice-device" onChange={(inputDevice) => set({ inputDevice })} />
      </Field>
      <div className="field-row">
        <Field label="Hold to talk" hint="KeyboardEvent code, e.g. Space (only while the message box is empty) or Alt+KeyV">
          <TextInput value={v.holdKey} testId="settings-voice-holdkey" onCommit={(holdKey) => set({ holdKey: holdKey || 'Space' })} />
        </Field>
        <Field label="Global hotkey (desktop app)" hint="Toggles listening from anywhere">
          <TextInput value={v.globalHotkey} testId="settings-voice-hotkey" onCommit={(globalHotkey) => set({ globalHotkey })} />
        </Field>
      </div>
      <Toggle
        label="Send the transcript at once (off: leave it in the message box to edit)"
        testId="settings-voice-autosend"
        checked={v.autoSend}
        onChange={(autoSend) => set({ autoSend })}
      />
      <Field label="Spoken language">
        <Select
          value={v.language}
          options={LANGUAGES.some(([c]) => c === v.language) ? LANGUAGES : [...LANGUAGES, [v.language, v.language] as const]}
          testId="settings-voice-language"
          onChange={(language) => set({ language })}
        />
      </Field>
      <SpeechToTextModel voice={v} set={set} inventory={inventory} />
      <SpokenAnswers voice={v} set={set} status={status} />
    </section>
  );
}

/** What the app has for voice: its status, the speech-to-text models and the microphones; read again when the model changes. */
function useVoiceInventory(sttModel: string) {
  const [status, setStatus] = useState<VoiceStatus | null>(null);
  const [models, setModels] = useState<VoiceModel[]>([]);
  const [mics, setMics] = useState<Array<readonly [string, string]>>([['', 'System default']]);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = async () => {
    const [s, m] = await Promise.all([call('voice.status', {}), call('voice.models', {})]);
    if (s) setStatus(s);
    if (m) setModels(m);
  };
  useEffect(() => {
    void refresh();
    void navigator.mediaDevices
      ?.enumerateDevices()
      .then((ds) =>
        setMics([['', 'System default'], ...ds.filter((d) => d.kind === 'audioinput' && d.deviceId).map((d, i) => [d.deviceId, d.label || `Microphone ${i + 1}`] as const)]),
      )
      .catch(() => undefined);
  }, [sttModel]);

  const download = async (id: string) => {
    setBusy(id);
    await call('voice.downloadModel', { id });
    setBusy(null);
    await refresh();
  };
  return { status, models, mics, busy, download };
}

/** The whisper.cpp model, and a download button when the chosen (or recommended) one is not installed. */
function SpeechToTextModel({ voice: v, set, inventory }: { voice: Settings['voice']; set: SetVoice; inventory: VoiceInventory }) {
  const { models, busy, download } = inventory;
  const modelOptions = [
    ['', 'Best installed'] as const,
    ...models.map((m) => [m.id, `${m.name}${m.installed ? '' : ' (not downloaded)'}${m.recommended ? ' — recommended' : ''}`] as const),
  ];
  const chosen = models.find((m) => m.id === v.sttModel) ?? models.find((m) => m.recommended);
  return (
    <>
      <Field label="Speech-to-text model (whisper.cpp)">
        <Select value={v.sttModel} options={modelOptions} testId="settings-voice-model" onChange={(sttModel) => set({ sttModel })} />
      </Field>
      {chosen && !chosen.installed && (
        <button className="btn" data-testid="settings-voice-download" disabled={busy !== null} onClick={() => void download(chosen.id)}>
          {busy === chosen.id ? 'Downloading…' : `Download ${chosen.name}`}
        </button>
      )}
    </>
  );
}

/** Which answers are spoken, in which voice, and how listening behaves around them. */
function SpokenAnswers({ voice: v, set, status }: { voice: Settings['voice']; set: SetVoice; status: VoiceStatus | null }) {
  const voices = [['', 'One for the answer’s language'] as const, ...(status?.voices ?? []).map((x) => [x.id, `${x.name} (${x.language})`] as const)];
  return (
    <>
      <Field label="Spoken answers">
        <Select value={v.spokenAnswers} options={SPOKEN} testId="settings-voice-spoken" onChange={(spokenAnswers) => set({ spokenAnswers })} />
      </Field>
      <Field label="Voice" hint={status?.tts.message ?? (status?.tts.engine ? `Engine: ${status.tts.engine}` : undefined)}>
        <Select
          value={v.voice}
          options={voices.some(([id]) => id === v.voice) ? voices : [...voices, [v.voice, v.voice] as const]}
          testId="settings-voice-voice"
          onChange={(voice) => set({ voice })}
        />
      </Field>
      <Toggle
        label="Barge-in: keep listening while the app speaks (its own voice is filtered out)"
        testId="settings-voice-bargein"
        checked={v.bargeIn}
        onChange={(bargeIn) => set({ bargeIn })}
      />
      <Field label="Silence that ends an utterance (ms)">
        <NumberInput value={v.hangoverMs} min={200} max={5000} testId="settings-voice-hangover" onCommit={(hangoverMs) => set({ hangoverMs })} />
      </Field>
    </>
  );
}
