// The headless Chromium keeps its own sandbox on wherever the OS allows it: everywhere but as root,
// where Chromium itself refuses to start sandboxed. The launch as root is exercised by the web tests.
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumSandboxArgs } from '../../src-main/node/web/browserWeb.js';

describe('Chromium sandbox flags', () => {
  it('keeps the sandbox for a normal user and turns it off only as root', () => {
    expect(chromiumSandboxArgs(1000)).toEqual([]);
    expect(chromiumSandboxArgs(0)).toEqual(['--no-sandbox']);
  });

  it('launches this process with the flag only if it runs as root', () => {
    expect(CHROMIUM_ARGS.includes('--no-sandbox')).toBe(process.getuid?.() === 0);
  });
});
