import { lazy, memo, Suspense } from 'react';
import './lazyFallbacks.css';
import { PartBoundary, retryingImport } from '../../ui/lazyPart.js';

// react-markdown, remark-gfm and the code view are most of the page's script: they load after the first paint.
const Markdown = lazy(retryingImport(() => import('./Markdown.js').then((m) => ({ default: m.Markdown }))));

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
