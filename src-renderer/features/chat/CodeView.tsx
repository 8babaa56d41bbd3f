import { useMemo } from 'react';
import { highlight } from './highlight.js';

/** Highlighted source, as React spans (never as HTML). */
export function CodeView({ code, language }: { code: string; language: string }) {
  const tokens = useMemo(() => highlight(code, language), [code, language]);
  return (
    <code className={`code language-${language || 'text'}`}>
      {tokens.map((t, i) =>
        t.kind === 'plain' ? (
          t.text
        ) : (
          <span key={i} className={`tok-${t.kind}`}>
            {t.text}
          </span>
        ),
      )}
    </code>
  );
}
