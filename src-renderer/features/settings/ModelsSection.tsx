import { useCallback, useEffect, useState } from 'react';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { EMBEDDED_KIND } from '../../../src-main/common/providers.js';
import type { Settings } from '../../../src-main/common/settings.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import type { DownloadView } from '../../state/types.js';
import { TextInput } from '../../ui/fields.js';
import { formatSpeed } from '../../../src-main/common/models.js';
import { speedText } from '../onboarding/modelChoice.js';
import { formatBytes } from '../workspace/files.js';
import type { UpdateSettings } from './updateSettings.js';
import { SelfTestSummary } from './SelfTestSummary.js';
import { selfTestModelKey } from '../../../src-main/common/selfTest.js';
import { SelfTestBadge } from '../chat/SelfTestBadge.js';

type ModelEntry = CommandOutput<'models.list'>[number];

function Progress({ download }: { download: DownloadView }) {
  const pct = download.totalBytes ? Math.min(100, (download.receivedBytes / download.totalBytes) * 100) : null;
  return (
    <div className="progress" data-testid="model-progress">
      <div className="progress-bar" style={{ width: `${pct ?? 100}%` }} data-indeterminate={pct === null} />
      <span className="progress-text">
        {formatBytes(download.receivedBytes)}
        {download.totalBytes ? ` / ${formatBytes(download.totalBytes)}` : ''}
      </span>
    </div>
  );
}

function ModelRow({ model, provider, onChanged, update }: { model: ModelEntry; provider: Settings['provider']; onChanged: () => void; update: UpdateSettings }) {
  const download = useStore((s) => s.domain.downloads[model.id]);
  // The command resolves when the download ends; progress arrives meanwhile as model.progress events.
  const [starting, setStarting] = useState(false);
  const downloading = starting || (download !== undefined && !download.done);
  const start = async () => {
    setStarting(true);
    await call('models.download', { id: model.id });
    setStarting(false);
    onChanged();
  };
  const remove = async () => {
    await call('models.delete', { id: model.id });
    onChanged();
  };
  return (
    <li className={`model-row${model.active ? ' active' : ''}`} data-testid="model-row" data-model-id={model.id}>
      <div className="model-main">
        <span className="model-name">{model.name}</span>
        {model.recommended && <span className="badge badge-ok">recommended</span>}
        {model.active && <span className="badge badge-running">active</span>}
        {!model.fits && <span className="badge badge-failed">too big for this machine</span>}
        <SelfTestBadge modelId={model.id} />
      </div>
      <div className="model-meta muted">
        {formatBytes(model.sizeBytes)} · {model.license} · <span title={model.source}>{model.source}</span>
      </div>
      {model.speed && (
        <div className="model-meta muted" data-testid="model-speed" title={model.reason}>
          {speedText(model)} · reads prompts at {formatSpeed(model.speed.promptReading).replace('about ', '~')} ({model.speed.engine})
        </div>
      )}
      {downloading && <Progress download={download ?? { receivedBytes: 0, totalBytes: null, done: false }} />}
      <div className="model-actions">
        {!model.installed && !downloading && (
          <button className="btn" data-testid="model-download" onClick={() => void start()}>
            Download
          </button>
        )}
        {model.installed && !model.active && (
          <button
            className="btn btn-primary"
            data-testid="model-use"
            onClick={() => void update({ provider: { ...provider, kind: EMBEDDED_KIND, model: model.id } }).then(onChanged)}
          >
            Use
          </button>
        )}
        {model.installed && (
          <button className="btn" data-testid="model-delete" onClick={() => void remove()}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

/** The embedded model catalogue: download with progress, delete, choose; or open a local GGUF. */
export function ModelsSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const [models, setModels] = useState<ModelEntry[] | null>(null);
  const refresh = useCallback(() => {
    void call('models.list', {}).then((list) => list && setModels(list));
  }, []);
  useEffect(refresh, [refresh, settings.provider.model]);

  const openLocal = async (path: string) => {
    if (!path.trim()) return;
    const opened = await call('models.openLocal', { path: path.trim() });
    if (opened) await update({ provider: { ...settings.provider, kind: EMBEDDED_KIND, model: opened.id } });
    refresh();
  };

  return (
    <section className="settings-section" data-testid="settings-models">
      <h3>Local models</h3>
      <SelfTestSummary modelKey={selfTestModelKey(settings.provider.kind, settings.provider.model)} />
      {models === null ? (
        <p className="muted">Loading the catalogue…</p>
      ) : (
        <ul className="model-list">
          {models.map((m) => (
            <ModelRow key={m.id} model={m} provider={settings.provider} onChanged={refresh} update={update} />
          ))}
        </ul>
      )}
      <label className="field">
        <span className="field-label">Open a local GGUF file</span>
        <TextInput value="" placeholder="/path/to/model.gguf (Enter to open)" testId="model-open-local" onCommit={(p) => void openLocal(p)} />
      </label>
    </section>
  );
}
