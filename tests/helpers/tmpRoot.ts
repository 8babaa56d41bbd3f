// Vitest globalSetup: one temporary folder per test run, removed at the end, so a run leaves
// nothing in the system temp folder (test models, workspaces, Chromium profiles, private homes).
// TMPDIR is set before the workers start: every test, and every process a test starts, inherits
// it, and os.tmpdir() reads it on each call. The sandbox gives blocks their own /tmp either way.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../../src-main/node/processAlive.js';

const PREFIX = 'agentic-run-';

/** Folders of earlier runs that were killed before their teardown, or that a straggler wrote into after it (tsx's cache). */
function removeStale(base: string): void {
  for (const name of readdirSync(base)) {
    const pid = Number(/^agentic-run-(\d+)-/.exec(name)?.[1]);
    if (pid && !processAlive(pid)) removeTree(join(base, name));
  }
}

/**
 * Node's recursive rm recurses in JavaScript and overflows the stack on a tree a few thousand
 * folders deep (security tests make such trees on purpose); `rm -rf` walks any depth.
 */
function removeTree(path: string): void {
  try {
    // Processes a test left behind may still write; retry while they exit.
    rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    if (!(error instanceof RangeError) || process.platform === 'win32') throw error;
    spawnSync('rm', ['-rf', '--', path], { stdio: 'ignore' });
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
    removeTree(root);
  };
}
