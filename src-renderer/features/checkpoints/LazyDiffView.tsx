import { lazy, Suspense } from 'react';

// The diff view (and its stylesheet) is needed only when a turn's changes are opened.
const DiffView = lazy(() => import('./DiffView.js').then((m) => ({ default: m.DiffView })));

export function LazyDiffView(props: { turnId: string; sessionId: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <DiffView {...props} />
    </Suspense>
  );
}
