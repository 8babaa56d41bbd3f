import '@xterm/xterm/css/xterm.css';
import { FitAddon } from '@xterm/addon-fit';
import type { Terminal } from '@xterm/xterm';
import { useEffect, useRef } from 'react';
import { createBlockTerminal } from './blockTerminal.js';

const MIN_ROWS = 2;
const MAX_ROWS = 20;

const THEME = {
  background: '#0d1117',
  foreground: '#d6dde6',
  cursor: '#0d1117',
  selectionBackground: '#3a4a63',
};

/** One row per line plus the cursor's line, so nothing scrolls out of sight while there is room. */
function rowsFor(output: string): number {
  let lines = 1;
  for (let i = output.indexOf('\n'); i !== -1; i = output.indexOf('\n', i + 1)) lines++;
  return Math.max(MIN_ROWS, Math.min(MAX_ROWS, lines));
}

/** A read-only xterm.js terminal that writes only the output it has not written yet. */
export function XtermView({ output }: { output: string }) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<{ terminal: Terminal; written: number } | null>(null);

  useEffect(() => {
    if (!host.current) return;
    // Ignores the sequences a block could use to drive the view (title, clipboard, colours: blockTerminal.ts).
    const terminal = createBlockTerminal({
      cursorBlink: false,
      fontSize: 12,
      fontFamily: 'ui-monospace, "Cascadia Code", "DejaVu Sans Mono", monospace',
      rows: MIN_ROWS,
      scrollback: 5000,
      theme: THEME,
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host.current);
    term.current = { terminal, written: 0 };
    const observer = new ResizeObserver(() => {
      const cols = fit.proposeDimensions()?.cols;
      if (cols && cols > 0 && cols !== terminal.cols) terminal.resize(cols, terminal.rows);
    });
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      terminal.dispose();
      term.current = null;
    };
  }, []);

  useEffect(() => {
    const t = term.current;
    if (!t) return;
    if (output.length < t.written) {
      t.terminal.reset();
      t.written = 0;
    }
    // Grow before writing: lines pushed into scrollback by a too-short terminal stay hidden.
    const rows = rowsFor(output);
    if (rows !== t.terminal.rows) t.terminal.resize(t.terminal.cols, rows);
    if (output.length > t.written) {
      t.terminal.write(output.slice(t.written));
      t.written = output.length;
    }
  }, [output]);

  return <div className="xterm-host" ref={host} />;
}
