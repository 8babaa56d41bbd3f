import { useEffect, useRef } from 'react';
import type { ModelLoad } from '../../../src-main/common/events.js';
import { placementLine } from '../../../src-main/common/placement.js';
import { findProvider } from '../../../src-main/common/providers.js';
import { loadAppInfo } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

/** While the embedded model loads: a bar with its percentage; a failed load: what went wrong. */
function LoadState({ load }: { load: ModelLoad }) {
  if (load.status === 'failed') {
    return (
      <span className="model-status-error" data-testid="model-load-error" title={load.message ?? undefined}>
        Model failed to load
      </span>
    );
  }
  const percent = Math.round(load.progress * 100);
  return (
    <span className="model-load" data-testid="model-load" role="progressbar" aria-label={`Loading ${load.model}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className="model-load-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      Loading model… {percent} %
    </span>
  );
}

/** The header's model status: provider, model, context, local or cloud, the embedded model's load; a click opens the chooser. */
export function ModelStatus() {
  const info = useStore((s) => s.info);
  const load = useStore((s) => s.domain.modelLoad);
  const set = useStore((s) => s.set);
  // Once loaded, app.info knows the real context size (a fast load may skip 'loading' in one batch).
  const previous = useRef(load?.status);
  // A failure is also said in full, above the chat (the header has room for a few words only).
  useEffect(() => {
    if (load?.status === 'loaded' && previous.current !== 'loaded') void loadAppInfo();
    if (load?.status === 'failed' && previous.current !== 'failed') useStore.getState().notify(`Could not load the model: ${load.message ?? 'unknown error'}`);
    // Fewer layers on the GPU than fitted (it ran out of memory): said once in full too.
    const note = load?.placement?.note;
    if (load?.status === 'loaded' && previous.current !== 'loaded' && note) useStore.getState().notify(note);
    previous.current = load?.status;
  }, [load?.status, load?.message, load?.placement?.note]);
  if (!info) return null;
  const p = info.provider;
  const model = p.model && p.model !== p.kind ? p.model.split('/').pop() : '';
  const embedded = findProvider(p.kind)?.embedded ?? false;
  const showLoad = embedded && load && load.status !== 'loaded';
  // What node-llama-cpp loaded: "GPU: 41/41 layers, 8,192 tokens" or "CPU · 8,192 tokens".
  const placement = embedded && load?.status === 'loaded' && load.placement ? placementLine(load.placement) : null;
  const note = placement ? load?.placement?.note : undefined;
  return (
    <button className="model-status" data-testid="model-status" title="Change the model" onClick={() => set({ modelPicker: 'open' })}>
      <span className={`badge ${p.local ? 'badge-ok' : 'badge-cloud'}`} data-testid="model-status-badge">
        {p.local ? 'local' : 'cloud'}
      </span>
      <span className="model-status-kind">{findProvider(p.kind)?.short ?? p.kind}</span>
      {model && (
        <span className="model-status-name" data-testid="model-status-name">
          {model}
        </span>
      )}
      {showLoad ? (
        <LoadState load={load} />
      ) : (
        <span className="muted model-status-ctx" data-testid="model-status-ctx" title={note}>
          {placement ?? (p.contextSize ? `${Math.round(p.contextSize / 1024)}k context` : embedded ? 'loads on first use' : '')}
          {note && (
            <span className="model-status-note" data-testid="model-status-note" aria-label={note}>
              {' '}
              · out of GPU memory
            </span>
          )}
        </span>
      )}
    </button>
  );
}
