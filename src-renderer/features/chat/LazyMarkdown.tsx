import { lazy, memo, Suspense } from 'react';
import './lazyFallbacks.css';

// react-markdown, remark-gfm and the code view are most of the page's script: they load after the first paint.
const Markdown = lazy(() => import('./Markdown.js').then((m) => ({ default: m.Markdown })));

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
    <Suspense fallback={<RawText text={text} />}>
      <Markdown text={text} />
    </Suspense>
  );
});
