// Vitest globalSetup: one temporary folder per test run, removed at the end, so a run leaves
// nothing in the system temp folder (test models, workspaces, Chromium profiles, private homes).
// TMPDIR is set before the workers start: every test, and every process a test starts, inherits
// it, and os.tmpdir() reads it on each call. The sandbox gives blocks their own /tmp either way.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../../src-main/node/processAlive.js';

const PREFIX = 'agentic-run-';

/** Folders of earlier runs that were killed before their teardown, or that a straggler wrote into after it (tsx's cache). */
function removeStale(base: string): void {
  for (const name of readdirSync(base)) {
    const pid = Number(/^agentic-run-(\d+)-/.exec(name)?.[1]);
    if (pid && !processAlive(pid)) rmSync(join(base, name), { recursive: true, force: true });
  }
}

export function setup(): () => void {
  const previous = process.env.TMPDIR;
  const base = tmpdir();
  removeStale(base);
  // Short name: Unix socket paths under it (the web host's tests, stand-in buses) stay under 108 bytes.
  const root = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // Processes a test left behind may still write; retry while they exit.
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
