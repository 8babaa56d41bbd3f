import { defineConfig } from 'vitest/config';

// Native addons (node-pty, better-sqlite3, onnxruntime, llama.cpp) are safest in forked workers.
export default defineConfig({
  test: {
    pool: 'forks',
    include: ['src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    // Every temporary file of a run goes under one folder that is removed at the end.
    globalSetup: ['tests/helpers/tmpRoot.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is too short for a page that waits on the host while the
    // machine runs two test files at once; a poll that needs longer says so itself.
    expect: { poll: { timeout: 10_000 } },
    maxWorkers: 2,
  },
});
