// Text from outside the app (a model's answer, a block's output, a file or session name) must not
// drive the user's terminal: an escape sequence in it could write the clipboard (OSC 52), set or
// report the window title, move the cursor over what the app printed, or reorder text (bidi
// overrides). Text mode prints such text with every control character shown escaped, so the user
// sees what was there and the terminal acts on none of it. Newlines and tabs stay as they are.

// C0 controls but tab and newline, DEL, C1 controls (U+009B is a CSI on its own), bidi overrides and isolates.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const escaped = (c: string): string => {
  const code = c.charCodeAt(0);
  if (c === '\r') return '\\r';
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
};

/** `text` with every control character but newline and tab shown escaped (`\x1b`); CRLF becomes a newline. */
export function escapeControls(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROLS, escaped);
}

/**
 * An escaper for a stream that arrives in pieces (a terminal's output, a model's deltas): a CR that
 * ends a piece waits for the next one, so a CRLF split between two pieces is still a newline.
 * `flush` gives what is held back when the stream ends.
 */
export function streamEscaper(): { write: (chunk: string) => string; flush: () => string } {
  let heldCr = false;
  return {
    write(chunk) {
      let text = heldCr ? `\r${chunk}` : chunk;
      heldCr = text.endsWith('\r');
      if (heldCr) text = text.slice(0, -1);
      return escapeControls(text);
    },
    flush() {
      const out = heldCr ? '\\r' : '';
      heldCr = false;
      return out;
    },
  };
}
