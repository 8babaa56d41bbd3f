import { useCallback, useEffect, useState } from 'react';
import type { Settings } from '../../../src-main/common/settings.js';
import { call, loadAppInfo } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { AboutSection } from './AboutSection.js';
import { CheckpointsSection } from './CheckpointsSection.js';
import { ExecutionSection } from './ExecutionSection.js';
import { LocalApiSection } from './LocalApiSection.js';
import { McpSection } from './McpSection.js';
import { ModelsSection } from './ModelsSection.js';
import { ProviderSection } from './ProviderSection.js';
import { SandboxSection } from './SandboxSection.js';
import { VoiceSection } from './VoiceSection.js';
import type { UpdateSettings } from './updateSettings.js';

/** Settings drawer: each change is saved at once with settings.update. */
export function SettingsPanel() {
  const set = useStore((s) => s.set);
  const [settings, setSettings] = useState<Settings | null>(null);

  useEffect(() => {
    void call('settings.get', {}).then((s) => s && setSettings(s));
  }, []);

  const update = useCallback<UpdateSettings>(async (patch) => {
    const next = await call('settings.update', patch);
    if (!next) return;
    setSettings(next);
    // The provider and workspace shown elsewhere come from app.info.
    if (patch.provider || patch.workspace !== undefined) await loadAppInfo();
    if (patch.workspace !== undefined) useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
  }, []);

  const close = () => set({ settingsOpen: false });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="drawer" data-testid="settings" role="dialog" aria-modal="true" aria-label="Settings">
        <header className="drawer-head">
          <h2>Settings</h2>
          <button className="icon-btn" data-testid="close-settings" onClick={close} aria-label="Close settings">
            ✕
          </button>
        </header>
        {!settings ? (
          <p className="muted">Loading…</p>
        ) : (
          <div className="drawer-body">
            <ProviderSection settings={settings} update={update} />
            <ModelsSection settings={settings} update={update} />
            <ExecutionSection settings={settings} update={update} />
            <SandboxSection settings={settings} update={update} />
            <CheckpointsSection settings={settings} update={update} />
            <VoiceSection settings={settings} update={update} />
            <McpSection />
            <LocalApiSection />
            <AboutSection settings={settings} update={update} />
          </div>
        )}
      </div>
    </div>
  );
}
