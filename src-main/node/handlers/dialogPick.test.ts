// "Open a GGUF file" and the workspace folder use the desktop app's native picker when it lends
// one; elsewhere the UI is told there is none (and asks for a typed path).
import { describe, expect, it } from 'vitest';
import { createOnboardingHandlers } from './onboarding.js';

const ctx = { clientId: 'test' };

describe('dialog.pick', () => {
  it('answers with the native picker’s choice, or null when the user cancels', async () => {
    const asked: string[] = [];
    const handlers = createOnboardingHandlers({ pickPath: async (kind) => (asked.push(kind), kind === 'gguf' ? '/models/tiny.gguf' : null) });
    expect(await handlers['dialog.pick']({ kind: 'gguf' }, ctx)).toEqual({ path: '/models/tiny.gguf', native: true });
    expect(await handlers['dialog.pick']({ kind: 'folder' }, ctx)).toEqual({ path: null, native: true });
    expect(asked).toEqual(['gguf', 'folder']);
  });

  it('says there is no native picker in the web host and the CLI', async () => {
    expect(await createOnboardingHandlers({})['dialog.pick']({ kind: 'folder' }, ctx)).toEqual({ path: null, native: false });
  });
});
