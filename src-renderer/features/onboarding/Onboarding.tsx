import { useCallback, useEffect, useState } from 'react';
import type { CommandOutput, DetectedServer } from '../../../src-main/common/contract.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { DownloadRow } from './DownloadRow.js';
import { applyServerModel, chooseWorkspace, openGguf } from './modelActions.js';
import { formatBytes, needsModel, recommendedModels } from './modelChoice.js';

type Hardware = CommandOutput<'system.hardware'>;

function Machine() {
  const [hw, setHw] = useState<Hardware | null>(null);
  useEffect(() => {
    void call('system.hardware', {}).then(setHw);
  }, []);
  if (!hw) return <p className="muted">Looking at this computer…</p>;
  return (
    <p data-testid="machine">
      {formatBytes(hw.ramBytes)} memory ({formatBytes(hw.freeRamBytes)} free) · {hw.vramBytes > 0 ? `GPU with ${formatBytes(hw.vramBytes)} VRAM` : 'no GPU detected'} ·{' '}
      {hw.cpuCores} CPU core{hw.cpuCores === 1 ? '' : 's'}
    </p>
  );
}

function Servers() {
  const [servers, setServers] = useState<DetectedServer[] | null>(null);
  const look = useCallback(() => {
    setServers(null);
    void call('servers.detect', {}).then((found) => setServers(found ?? []));
  }, []);
  useEffect(look, [look]);
  return (
    <section className="onboarding-section" data-testid="detected-servers">
      <h3>Model servers on this computer</h3>
      {servers === null ? (
        <p className="muted">Looking for Ollama, LM Studio, llama.cpp server, vLLM and Jan…</p>
      ) : servers.length === 0 ? (
        <p className="muted">
          None running (looked for Ollama, LM Studio, llama.cpp server, vLLM and Jan on their usual ports).{' '}
          <button className="link" onClick={look}>
            Look again
          </button>
        </p>
      ) : (
        <ul className="model-list">
          {servers.map((s) => (
            <li key={s.baseUrl} className="model-row" data-testid="server">
              <div className="model-main">
                <span className="model-name">{s.name}</span>
                <span className="muted">{s.baseUrl}</span>
              </div>
              {s.models.length === 0 && <p className="muted">It has no model loaded yet.</p>}
              <div className="server-models">
                {s.models.map((m) => (
                  <button key={m} className="btn" data-testid="server-model-use" onClick={() => void applyServerModel(s, m)}>
                    Use {m}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A path from the native picker where the host has one, else typed in. */
function PathChooser({
  kind,
  label,
  placeholder,
  onPath,
  testId,
}: {
  kind: 'gguf' | 'folder';
  label: string;
  placeholder: string;
  onPath: (p: string) => Promise<void>;
  testId: string;
}) {
  const [typing, setTyping] = useState(false);
  const [path, setPath] = useState('');
  const pick = async (): Promise<void> => {
    const picked = await call('dialog.pick', { kind });
    if (picked?.native) {
      if (picked.path) await onPath(picked.path);
    } else setTyping(true);
  };
  return (
    <div className="path-chooser">
      <button className="btn" data-testid={`${testId}-pick`} onClick={() => void pick()}>
        {label}
      </button>
      {typing && (
        <form
          className="path-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void onPath(path);
          }}
        >
          <input data-testid={`${testId}-path`} placeholder={placeholder} value={path} onChange={(e) => setPath(e.target.value)} autoFocus />
          <button className="btn btn-primary" type="submit" data-testid={`${testId}-open`}>
            Open
          </button>
        </form>
      )}
    </div>
  );
}

/** First run (and the header's "change model"): the machine, servers already running, downloads, a local file, the workspace. */
export function Onboarding() {
  const info = useStore((s) => s.info);
  const models = useStore((s) => s.models);
  const set = useStore((s) => s.set);
  const first = needsModel(info, models);
  return (
    <div className="onboarding-backdrop">
      <div className="onboarding" data-testid="onboarding" role="dialog" aria-modal="true" aria-labelledby="onboarding-title">
        <header className="drawer-head">
          <h2 id="onboarding-title">{first ? 'Welcome: choose a model to start' : 'Choose a model'}</h2>
          <button className="btn" data-testid="onboarding-close" onClick={() => set({ modelPicker: 'closed' })}>
            {first ? 'Skip for now' : 'Close'}
          </button>
        </header>
        <div className="drawer-body">
          <section className="onboarding-section">
            <h3>This computer</h3>
            <Machine />
          </section>
          <Servers />
          <section className="onboarding-section">
            <h3>Download a model</h3>
            <p className="muted">Runs on this computer, offline once downloaded. These fit its memory; speeds are estimated for this computer until a model has run here:</p>
            <ul className="model-list">
              {models === null ? <li className="muted">Loading the catalogue…</li> : recommendedModels(models).map((m) => <DownloadRow key={m.id} model={m} />)}
            </ul>
          </section>
          <section className="onboarding-section">
            <h3>Already have a GGUF file?</h3>
            <PathChooser kind="gguf" label="Open a GGUF file…" placeholder="/path/to/model.gguf" onPath={openGguf} testId="gguf" />
          </section>
          <section className="onboarding-section">
            <h3>Workspace folder</h3>
            <p className="muted" data-testid="onboarding-workspace">
              The agents read and write files in {info?.workspace || 'the default folder'}.
            </p>
            <PathChooser kind="folder" label="Choose another folder…" placeholder="/path/to/folder" onPath={chooseWorkspace} testId="workspace" />
          </section>
        </div>
      </div>
    </div>
  );
}

/** Shows the chooser when asked for, or by itself while no model is configured (until skipped). */
export function OnboardingGate() {
  const picker = useStore((s) => s.modelPicker);
  const info = useStore((s) => s.info);
  const models = useStore((s) => s.models);
  const open = picker === 'open' || (picker === 'auto' && needsModel(info, models));
  return open ? <Onboarding /> : null;
}
