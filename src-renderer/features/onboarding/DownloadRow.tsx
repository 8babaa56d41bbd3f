import { useEffect, useRef, useState } from 'react';
import { bridge } from '../../bridge/index.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { humanError } from '../../ui/errorText.js';
import { downloadRate, formatBytes, formatEta, speedText, type ModelEntry, type RateSample } from './modelChoice.js';
import { applyLocalModel } from './modelActions.js';
import { SelfTestBadge } from '../chat/SelfTestBadge.js';

type Phase = 'idle' | 'downloading' | 'paused' | 'failed';

/** One catalogue model: download with progress, speed and time left; pause, resume, cancel; then use it. */
export function DownloadRow({ model }: { model: ModelEntry }) {
  const download = useModelDownload(model);
  const { phase, error } = download;
  return (
    <li className="model-row onboarding-model" data-testid="recommended-model" data-model-id={model.id}>
      <ModelSummary model={model} />
      {(phase === 'downloading' || phase === 'paused') && <DownloadProgress model={model} download={download} />}
      {error && (
        <p className="form-problem" data-testid="download-error">
          {error}
        </p>
      )}
      <DownloadActions model={model} download={download} />
    </li>
  );
}

type Download = ReturnType<typeof useModelDownload>;

/** The download's phase and its controls; the speed comes from the progress events' recent samples. */
function useModelDownload(model: ModelEntry) {
  const progress = useStore((s) => s.domain.downloads[model.id]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const samples = useRef<RateSample[]>([]);
  const stopping = useRef(false);

  useEffect(() => {
    if (!progress || progress.done) return;
    samples.current = [...samples.current.slice(-40), { at: Date.now(), bytes: progress.receivedBytes }];
  }, [progress]);

  const start = async (): Promise<void> => {
    setPhase('downloading');
    setError(null);
    stopping.current = false;
    // invoke, not call(): a pause ends the request with CANCELLED, which is not an error to show.
    const result = await bridge().invoke('models.download', { id: model.id });
    if (result.ok) await applyLocalModel(model.id);
    else if (!stopping.current) {
      setPhase('failed');
      setError(humanError('models.download', result.error));
    }
  };
  const pause = async (): Promise<void> => {
    stopping.current = true;
    setPhase('paused');
    await call('models.cancel', { id: model.id, discard: false });
  };
  const cancel = async (): Promise<void> => {
    stopping.current = true;
    setPhase('idle');
    samples.current = [];
    await call('models.cancel', { id: model.id, discard: true });
  };
  return { progress, phase, error, rate: downloadRate(samples.current), start, pause, cancel };
}

function ModelSummary({ model }: { model: ModelEntry }) {
  return (
    <>
      <div className="model-main">
        <span className="model-name">{model.name}</span>
        <span className="muted">
          {formatBytes(model.sizeBytes)} · {model.license}
        </span>
        {model.recommended && <span className="badge badge-ok">best fit</span>}
        {!model.fits && <span className="badge badge-failed">may not fit</span>}
        <SelfTestBadge modelId={model.id} />
      </div>
      {model.speed && (
        <p
          className="muted model-speed"
          data-testid="model-speed"
          title={`Reads prompts at about ${Math.round(model.speed.promptReading)} tokens/s (${model.speed.basis}, ${model.speed.engine})`}
        >
          {model.recommended && model.reason ? `Best fit: ${model.reason}.` : `${speedText(model)}.`}
        </p>
      )}
    </>
  );
}

function DownloadProgress({ model, download }: { model: ModelEntry; download: Download }) {
  const { progress, phase, rate } = download;
  const received = progress?.receivedBytes ?? 0;
  const total = progress?.totalBytes ?? model.sizeBytes;
  const percent = total > 0 ? Math.min(100, (received / total) * 100) : 0;
  return (
    <div className="download" data-testid="download-progress">
      <div className="progress">
        <div className="progress-bar" style={{ width: `${percent}%` }} />
        <span className="progress-text">
          {formatBytes(received)} / {formatBytes(total)} ·{' '}
          {phase === 'paused' ? 'paused' : `${formatBytes(rate)}/s · ${formatEta(rate > 0 ? (total - received) / rate : Infinity)} left`}
        </span>
      </div>
    </div>
  );
}

/** Use an installed model; otherwise download, pause, resume, retry or cancel. */
function DownloadActions({ model, download }: { model: ModelEntry; download: Download }) {
  const { phase, start, pause, cancel } = download;
  return (
    <div className="model-actions">
      {model.installed ? (
        <button className="btn btn-primary" data-testid="model-use" onClick={() => void applyLocalModel(model.id)}>
          Use
        </button>
      ) : phase === 'downloading' ? (
        <button className="btn" data-testid="download-pause" onClick={() => void pause()}>
          Pause
        </button>
      ) : (
        <button className="btn btn-primary" data-testid="download-start" onClick={() => void start()}>
          {phase === 'paused' ? 'Resume' : phase === 'failed' ? 'Retry' : 'Download'}
        </button>
      )}
      {(phase === 'downloading' || phase === 'paused') && (
        <button className="btn" data-testid="download-cancel" onClick={() => void cancel()}>
          Cancel
        </button>
      )}
    </div>
  );
}
