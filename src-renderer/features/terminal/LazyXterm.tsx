import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import '../chat/lazyFallbacks.css';
import { PartBoundary, retryingImport } from '../../ui/lazyPart.js';
import { ScrollingContext } from '../../ui/scrolling.js';

// xterm.js is the largest library the page uses and only blocks' terminals need it: it loads with the first one.
const XtermView = lazy(retryingImport(() => import('./XtermView.js').then((m) => ({ default: m.XtermView }))));

/** The last lines as plain text while xterm loads (a terminal shows at most 20 rows). */
function PlainOutput({ output }: { output: string }) {
  const lines = output.slice(-8192).replace(/\r/g, '').split('\n').slice(-20).join('\n');
  return <pre className="xterm-host xterm-loading">{lines}</pre>;
}

/**
 * A terminal, loaded on first use. A row that mounts while the chat is being scrolled shows its
 * text first and opens its terminal when the scrolling stops: opening one costs tens of
 * milliseconds, several a frame would stall a fast scroll through a long chat.
 */
export function LazyXterm({ output }: { output: string }) {
  const scrolling = useContext(ScrollingContext);
  const [open, setOpen] = useState(!scrolling);
  useEffect(() => {
    if (!scrolling) setOpen(true);
  }, [scrolling]);
  if (!open) return <PlainOutput output={output} />;
  return (
    <PartBoundary fallback={<PlainOutput output={output} />}>
      <Suspense fallback={<PlainOutput output={output} />}>
        <XtermView output={output} />
      </Suspense>
    </PartBoundary>
  );
}
