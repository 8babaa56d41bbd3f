import { describe, expect, it } from 'vitest';
import { humanError } from './errorText.js';

describe('humanError', () => {
  it('says a long message is too long and what to do, without command or field names', () => {
    const text = humanError('turn.send', { code: 'BAD_INPUT', message: 'turn.send: turn.send: text: String must contain at most 200000 character(s)' });
    expect(text).not.toMatch(/turn\.send|text:|String must/);
    expect(text).toMatch(/^Your message was not sent: it is too long \(200,000 characters at most\)/);
    expect(text).toMatch(/save the text as a file/);
  });

  it('adds a next step when the cause has none, and keeps the one the engine wrote', () => {
    expect(humanError('session.open', { code: 'INTERNAL', message: 'disk I/O error' })).toBe(
      'That session could not be opened: disk I/O error. Try again; if it keeps happening, restart the app.',
    );
    const unreachable = humanError(null, { code: 'PROVIDER_UNREACHABLE', message: 'Cannot reach Ollama at http://127.0.0.1:11434: start the server or check the base URL.' });
    expect(unreachable).toBe('Cannot reach Ollama at http://127.0.0.1:11434: start the server or check the base URL.');
  });
});
