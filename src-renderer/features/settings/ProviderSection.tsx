import { findProvider, PROVIDERS, providerRow, type ProviderRow } from '../../../src-main/common/providers.js';
import type { Settings } from '../../../src-main/common/settings.js';
import { Field, NumberInput, Select, TextInput } from '../../ui/fields.js';
import { useStore } from '../../state/store.js';
import { ApiKeyField } from './ApiKeyField.js';
import { providerReach, REACH_WORDS } from '../../../src-main/common/endpoint.js';
import type { UpdateSettings } from './updateSettings.js';

const labelOf = (kind: string): string => findProvider(kind)?.label ?? kind;

export function ProviderSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const p = settings.provider;
  const row: ProviderRow = providerRow(p.kind);
  const reach = providerReach(p.kind, p.baseUrl);
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
          Running now: {labelOf(active.kind)}, chosen when the app was started (a command-line option). The choice below is saved and applies when the app starts without that
          option.
        </div>
      )}
      <Field label="Provider">
        <Select value={p.kind} testId="provider-kind" options={PROVIDERS.map((k) => [k.id, k.label] as const)} onChange={(kind) => void update({ provider: { ...p, kind } })} />
      </Field>
      <Field label="Model" hint={row.embedded ? 'A catalogue id (below) or the path of a GGUF file.' : 'The model name the server knows.'}>
        <TextInput value={p.model} testId="provider-model" onCommit={(model) => void update({ provider: { ...p, model } })} />
      </Field>
      {row.baseUrl && (
        <Field label="Base URL" hint={row.baseUrl.hint}>
          <TextInput value={p.baseUrl} testId="provider-base-url" placeholder={row.baseUrl.placeholder} onCommit={(baseUrl) => void update({ provider: { ...p, baseUrl } })} />
        </Field>
      )}
      {row.apiKey && <ApiKeyField hasKey={hasKey} />}
      {active && (
        <p className="muted" data-testid="provider-context">
          In use: {labelOf(active.kind)}
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
        {row.embedded && (
          <Field label="Threads" hint="0 = automatic">
            <NumberInput value={p.threads} min={0} max={256} onCommit={(threads) => void update({ provider: { ...p, threads } })} />
          </Field>
        )}
      </div>
    </section>
  );
}
