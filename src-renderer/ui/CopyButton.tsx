import { useState } from 'react';
import { copyText } from './clipboard.js';

/** A small button that copies `text` and says so for a moment. */
export function CopyButton({ text, label = 'Copy', testId = 'copy' }: { text: string | (() => string); label?: string; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onClick = async (): Promise<void> => {
    const ok = await copyText(typeof text === 'function' ? text() : text);
    setState(ok ? 'copied' : 'failed');
    setTimeout(() => setState('idle'), 1500);
  };
  return (
    <button type="button" className="icon-btn copy-btn" data-testid={testId} aria-label={label} title={label} onClick={() => void onClick()}>
      {state === 'copied' ? '✓ Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
