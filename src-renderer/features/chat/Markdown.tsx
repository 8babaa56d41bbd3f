import { memo, useRef, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../../ui/CopyButton.js';
import { CodeView } from './CodeView.js';
import { keepLineBreaks } from './lineBreaks.js';

function Code({ className, children }: ComponentProps<'code'>) {
  const language = /language-([\w+#-]+)/.exec(className ?? '')?.[1];
  const text = String(children ?? '');
  if (!language && !text.includes('\n')) return <code className="inline-code">{children}</code>;
  return <CodeView code={text.replace(/\n$/, '')} language={language ?? ''} />;
}

/** A code block with its copy button; the button copies what the block shows, not the Markdown. */
function Pre({ children }: ComponentProps<'pre'>) {
  const ref = useRef<HTMLPreElement>(null);
  return (
    <div className="code-wrap">
      <CopyButton text={() => ref.current?.textContent ?? ''} label="Copy code" testId="copy-code" />
      <pre className="code-block" ref={ref}>
        {children}
      </pre>
    </div>
  );
}

function Link({ href, children }: ComponentProps<'a'>) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

/** Task list boxes show the model's ticks; they are not controls. */
function Input(props: ComponentProps<'input'>) {
  return <input type={props.type} checked={props.checked} disabled readOnly />;
}

const components: Components = { code: Code, pre: Pre, a: Link, input: Input };
const remarkPlugins = [remarkGfm];

/** GitHub-flavoured Markdown without raw HTML: react-markdown escapes HTML unless a raw plugin is added, and none is. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={components} remarkPlugins={remarkPlugins} skipHtml>
        {keepLineBreaks(text)}
      </ReactMarkdown>
    </div>
  );
});
