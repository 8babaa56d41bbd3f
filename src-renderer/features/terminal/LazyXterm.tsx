import { lazy, Suspense } from 'react';
import '../chat/lazyFallbacks.css';

// xterm.js is the largest library the page uses and only blocks' terminals need it: it loads with the first one.
const XtermView = lazy(() => import('./XtermView.js').then((m) => ({ default: m.XtermView })));

/** The last lines as plain text while xterm loads (a terminal shows at most 20 rows). */
function PlainOutput({ output }: { output: string }) {
  const lines = output.slice(-8192).replace(/\r/g, '').split('\n').slice(-20).join('\n');
  return <pre className="xterm-host xterm-loading">{lines}</pre>;
}

export function LazyXterm({ output }: { output: string }) {
  return (
    <Suspense fallback={<PlainOutput output={output} />}>
      <XtermView output={output} />
    </Suspense>
  );
}
