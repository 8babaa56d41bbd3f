import { useCallback, useEffect, useRef, useState } from 'react';
import type { EngineDownloadStatus } from '../../../src-main/common/engines.js';
import { call } from '../../state/actions.js';

const ACTIVE = new Set<EngineDownloadStatus['state']>(['downloading', 'verifying', 'unpacking']);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

function ProgressBar({ s }: { s: EngineDownloadStatus }) {
  const pct = s.totalBytes ? Math.min(100, Math.round((s.receivedBytes / s.totalBytes) * 100)) : null;
  const text =
    s.state === 'downloading'
      ? `package ${s.part}/${s.parts}: ${s.totalBytes ? `${mb(s.receivedBytes)} of ${mb(s.totalBytes)}` : mb(s.receivedBytes)}`
      : s.state === 'verifying'
        ? 'checking the integrity hash…'
        : 'unpacking…';
  return (
    <div className="progress" data-testid="cuda-progress">
      <div className="progress-bar" style={{ width: `${pct ?? 100}%` }} data-indeterminate={pct === null} />
      <span className="progress-text">{text}</span>
    </div>
  );
}

/**
 * Settings → About this computer: llama.cpp's CUDA build, downloaded on demand (the installers leave it
 * out: hundreds of MB). Progress is polled while a download runs; pause keeps what arrived.
 */
export function CudaDownload({ onChange }: { onChange: () => void }) {
  const [status, setStatus] = useState<EngineDownloadStatus | null>(null);
  const refresh = useCallback(async () => {
    const s = await call('engines.status', { kind: 'cuda' });
    if (s) setStatus(s);
  }, []);
  useEffect(() => void refresh(), [refresh]);
  const active = status !== null && ACTIVE.has(status.state);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refresh(), 500);
    return () => clearInterval(timer);
  }, [active, refresh]);
  const act = (command: 'engines.get' | 'engines.pause' | 'engines.cancel' | 'engines.rm') => async () => {
    const s = await call(command, { kind: 'cuda' });
    if (s) setStatus(s);
    if (command === 'engines.rm') onChange();
  };
  const wasActive = useRef(false);
  useEffect(() => {
    // A download that just finished changes what the doctor reports.
    if (wasActive.current && !active) onChange();
    wasActive.current = active;
  }, [active, onChange]);
  if (!status?.available) return null;
  return (
    <div className="field" data-testid="cuda-download">
      <span>
        CUDA build (NVIDIA):{' '}
        <span data-testid="cuda-state">
          {status.installed ? `installed (${status.installed})` : status.state === 'paused' ? 'paused' : active ? 'downloading' : 'not installed'}
        </span>
      </span>
      {active && <ProgressBar s={status} />}
      {status.error && <p className="warning">{status.error}</p>}
      <div style={{ display: 'flex', gap: 8, marginTop: 6 }}>
        {!active && !status.installed && (
          <button className="btn" data-testid="cuda-get" onClick={() => void act('engines.get')()}>
            {status.state === 'paused' ? 'Resume' : 'Download'}
          </button>
        )}
        {active && (
          <button className="btn" data-testid="cuda-pause" onClick={() => void act('engines.pause')()}>
            Pause
          </button>
        )}
        {(active || status.state === 'paused') && (
          <button className="btn" data-testid="cuda-cancel" onClick={() => void act('engines.cancel')()}>
            Cancel
          </button>
        )}
        {status.installed && !active && (
          <button className="btn" data-testid="cuda-rm" onClick={() => void act('engines.rm')()}>
            Remove
          </button>
        )}
      </div>
    </div>
  );
}
