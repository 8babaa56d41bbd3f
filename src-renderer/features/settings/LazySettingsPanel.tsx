import { lazy, Suspense } from 'react';

// Settings open on demand: their sections (providers, models, MCP, sandbox, voice) load then.
const SettingsPanel = lazy(() => import('./SettingsPanel.js').then((m) => ({ default: m.SettingsPanel })));

export function LazySettingsPanel() {
  return (
    <Suspense fallback={<div className="modal-backdrop" aria-busy="true" data-testid="settings-loading" />}>
      <SettingsPanel />
    </Suspense>
  );
}
