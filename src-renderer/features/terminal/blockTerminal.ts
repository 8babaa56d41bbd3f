// The xterm.js terminal that shows a block's output. A block's output is untrusted: it must not set
// the window title, reach the clipboard (OSC 52), recolour the view to hide text, plant links whose
// text differs from their target (OSC 8), or make the terminal answer queries. Those sequences are
// consumed and ignored here, so only their visible text is shown.
import { Terminal, type ITerminalInitOnlyOptions, type ITerminalOptions } from '@xterm/xterm';

/** OSC numbers a block may not use: titles (0-2), colours (4, 10-12 and their resets), hyperlinks (8), clipboard (52). */
export const IGNORED_OSC = [0, 1, 2, 4, 8, 10, 11, 12, 52, 104, 110, 111, 112] as const;

export function createBlockTerminal(options: ITerminalOptions & ITerminalInitOnlyOptions): Terminal {
  // Window operations (CSI t: title reports, resizes) all off, whatever the defaults become.
  const terminal = new Terminal({ ...options, disableStdin: true, windowOptions: {} });
  // A handler that returns true ends the sequence: xterm's own handler never sees it.
  for (const ident of IGNORED_OSC) terminal.parser.registerOscHandler(ident, () => true);
  terminal.parser.registerCsiHandler({ final: 't' }, () => true);
  return terminal;
}
