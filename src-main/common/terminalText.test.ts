import { describe, expect, it } from 'vitest';
import { escapeControls, streamEscaper } from './terminalText.js';

describe('escapeControls', () => {
  it('shows controls escaped and keeps newlines, tabs and ordinary text (accents, emoji)', () => {
    expect(escapeControls('a\x1b[31mred\x07\tb\nc\u009b2J é 🙂')).toBe('a\\x1b[31mred\\x07\tb\nc\\x9b2J é 🙂');
    expect(escapeControls('evil\u202etxt.exe')).toBe('evil\\u{202e}txt.exe');
    expect(escapeControls('line\r\nnext\rover')).toBe('line\nnext\\rover');
  });

  it('keeps a CRLF split between two pieces of a stream a newline', () => {
    const s = streamEscaper();
    expect(s.write('one\r') + s.write('\ntwo\r') + s.write('x') + s.write('end\r') + s.flush()).toBe('one\ntwo\\rxend\\r');
  });

  it('escapes 1 MB of escape sequences in one pass', () => {
    const text = '\x1b]52;c;'.repeat(131_072);
    expect(escapeControls(text)).toHaveLength(text.length + 131_072 * 3);
  });
});
