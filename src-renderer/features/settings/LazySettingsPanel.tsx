import { lazy, Suspense } from 'react';
import { PartBoundary, retryingImport } from '../../ui/lazyPart.js';

// Settings open on demand: their sections (providers, models, MCP, sandbox, voice) load then.
const SettingsPanel = lazy(retryingImport(() => import('./SettingsPanel.js').then((m) => ({ default: m.SettingsPanel }))));

export function LazySettingsPanel() {
  return (
    <PartBoundary
      fallback={
        <div className="modal-backdrop" role="alert">
          Settings could not load: reload the page.
        </div>
      }
    >
      <Suspense fallback={<div className="modal-backdrop" aria-busy="true" data-testid="settings-loading" />}>
        <SettingsPanel />
      </Suspense>
    </PartBoundary>
  );
}
