import { lazy, memo, Suspense } from 'react';
import './lazyFallbacks.css';
import { PartBoundary, retryingImport } from '../../ui/lazyPart.js';

// react-markdown, remark-gfm and the code view are most of the page's script: they load after the first paint.
const loadMarkdown = () => import('./Markdown.js');
const Markdown = lazy(retryingImport(() => loadMarkdown().then((m) => ({ default: m.Markdown }))));

/**
 * Starts loading the Markdown code before the first answer needs it (the composer calls it when a
 * request is sent), so that answer renders at once instead of as raw text first. A failed load is
 * left to the lazy part, which tries again.
 */
export function preloadMarkdown(): void {
  loadMarkdown().catch(() => undefined);
}

/** While the Markdown code loads, the raw text shows in the same box, so the page neither waits nor jumps much. */
function RawText({ text }: { text: string }) {
  return (
    <div className="markdown markdown-loading">
      <p>{text}</p>
    </div>
  );
}

export const LazyMarkdown = memo(function LazyMarkdown({ text }: { text: string }) {
  return (
    <PartBoundary fallback={<RawText text={text} />}>
      <Suspense fallback={<RawText text={text} />}>
        <Markdown text={text} />
      </Suspense>
    </PartBoundary>
  );
});
