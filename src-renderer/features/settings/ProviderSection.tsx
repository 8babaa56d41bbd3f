import { PROVIDER_KINDS, type ProviderKind, type Settings } from '../../../src-main/common/settings.js';
import { Field, NumberInput, Select, TextInput } from '../../ui/fields.js';
import { useStore } from '../../state/store.js';
import { ApiKeyField } from './ApiKeyField.js';
import { providerReach, REACH_WORDS } from '../../../src-main/common/endpoint.js';
import type { UpdateSettings } from './SettingsPanel.js';

const KIND_LABELS: Record<ProviderKind, string> = {
  llama: 'Embedded llama.cpp (local)',
  openai: 'OpenAI-compatible server',
  ollama: 'Ollama (local)',
  anthropic: 'Anthropic (cloud)',
  replay: 'Replay file (testing)',
};

export function ProviderSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const p = settings.provider;
  const reach = providerReach(p.kind, p.baseUrl);
  const usesBaseUrl = p.kind === 'openai' || p.kind === 'ollama';
  const hasKey = useStore((s) => s.info?.provider.hasKey ?? false);
  const active = useStore((s) => s.info?.provider ?? null);
  return (
    <section className="settings-section" data-testid="settings-provider">
      <h3>Model provider</h3>
      {reach !== 'machine' && (
        <div className="cloud-note" data-testid="cloud-provider-note" data-reach={reach}>
          {reach === 'internet' ? '☁' : '⇄'} This provider sends your conversations, files the agents read and command output off this machine, to {REACH_WORDS[reach]}.
        </div>
      )}
      {active && active.kind !== p.kind && (
        <div className="cloud-note" data-testid="provider-override">
          Running now: {KIND_LABELS[active.kind as ProviderKind] ?? active.kind}, chosen when the app was started (a command-line option). The choice below is saved and applies
          when the app starts without that option.
        </div>
      )}
      <Field label="Provider">
        <Select
          value={p.kind}
          testId="provider-kind"
          options={PROVIDER_KINDS.map((k) => [k, KIND_LABELS[k]] as const)}
          onChange={(kind) => void update({ provider: { ...p, kind } })}
        />
      </Field>
      <Field label="Model" hint={p.kind === 'llama' ? 'A catalogue id (below) or the path of a GGUF file.' : 'The model name the server knows.'}>
        <TextInput value={p.model} testId="provider-model" onCommit={(model) => void update({ provider: { ...p, model } })} />
      </Field>
      {usesBaseUrl && (
        <Field label="Base URL" hint={p.kind === 'openai' ? 'Empty means the vendor’s cloud endpoint.' : undefined}>
          <TextInput
            value={p.baseUrl}
            testId="provider-base-url"
            placeholder={p.kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:8080/v1'}
            onCommit={(baseUrl) => void update({ provider: { ...p, baseUrl } })}
          />
        </Field>
      )}
      {(p.kind === 'openai' || p.kind === 'anthropic') && <ApiKeyField hasKey={hasKey} />}
      {active && (
        <p className="muted" data-testid="provider-context">
          In use: {KIND_LABELS[active.kind as ProviderKind] ?? active.kind}
          {active.model && active.model !== active.kind ? `, ${active.model}` : ''}
          {active.contextSize ? `, context ${active.contextSize.toLocaleString()} tokens` : ''}
          {active.contextSize
            ? active.tokenizer === 'estimate'
              ? ' (token counts are estimates: this provider exposes no tokenizer)'
              : ' (counted with the model’s tokenizer)'
            : ''}
          .
        </p>
      )}
      <div className="field-row">
        <Field label="Context size" hint="0 = the model’s own">
          <NumberInput value={p.contextSize} min={0} max={10_000_000} onCommit={(contextSize) => void update({ provider: { ...p, contextSize } })} />
        </Field>
        {p.kind === 'llama' && (
          <Field label="Threads" hint="0 = automatic">
            <NumberInput value={p.threads} min={0} max={256} onCommit={(threads) => void update({ provider: { ...p, threads } })} />
          </Field>
        )}
      </div>
    </section>
  );
}
