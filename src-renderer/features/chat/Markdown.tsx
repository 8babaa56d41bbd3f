import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { CodeView } from './CodeView.js';
import { keepLineBreaks } from './lineBreaks.js';

function Code({ className, children }: ComponentProps<'code'>) {
  const language = /language-([\w+#-]+)/.exec(className ?? '')?.[1];
  const text = String(children ?? '');
  if (!language && !text.includes('\n')) return <code className="inline-code">{children}</code>;
  return <CodeView code={text.replace(/\n$/, '')} language={language ?? ''} />;
}

function Pre({ children }: ComponentProps<'pre'>) {
  return <pre className="code-block">{children}</pre>;
}

function Link({ href, children }: ComponentProps<'a'>) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

const components: Components = { code: Code, pre: Pre, a: Link };

/** Markdown without raw HTML: react-markdown escapes HTML unless a raw plugin is added, and none is. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={components} skipHtml>
        {keepLineBreaks(text)}
      </ReactMarkdown>
    </div>
  );
});
