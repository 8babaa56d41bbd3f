import { useStore } from '../../state/store.js';

const KIND: Record<string, string> = { llama: 'llama.cpp', openai: 'OpenAI-compatible', ollama: 'Ollama', anthropic: 'Anthropic', replay: 'Replay' };

/** The header's model status: provider, model, context, local or cloud; a click opens the chooser. */
export function ModelStatus() {
  const info = useStore((s) => s.info);
  const set = useStore((s) => s.set);
  if (!info) return null;
  const p = info.provider;
  const model = p.model && p.model !== p.kind ? p.model.split('/').pop() : '';
  return (
    <button className="model-status" data-testid="model-status" title="Change the model" onClick={() => set({ modelPicker: 'open' })}>
      <span className={`badge ${p.local ? 'badge-ok' : 'badge-cloud'}`} data-testid="model-status-badge">
        {p.local ? 'local' : 'cloud'}
      </span>
      <span className="model-status-kind">{KIND[p.kind] ?? p.kind}</span>
      {model && (
        <span className="model-status-name" data-testid="model-status-name">
          {model}
        </span>
      )}
      <span className="muted model-status-ctx">{p.contextSize ? `${Math.round(p.contextSize / 1024)}k context` : p.kind === 'llama' ? 'loads on first use' : ''}</span>
    </button>
  );
}
