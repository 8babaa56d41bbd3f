import { lazy, Suspense } from 'react';
import { PartBoundary, retryingImport } from '../../ui/lazyPart.js';

// The diff view (and its stylesheet) is needed only when a turn's changes are opened.
const DiffView = lazy(retryingImport(() => import('./DiffView.js').then((m) => ({ default: m.DiffView }))));

export function LazyDiffView(props: { turnId: string; sessionId: string; onClose: () => void }) {
  return (
    <PartBoundary fallback={<div role="alert">The diff view could not load: reload the page.</div>}>
      <Suspense fallback={null}>
        <DiffView {...props} />
      </Suspense>
    </PartBoundary>
  );
}
