// What the packaged app's executable runs without a window: the scheduled run and unregister-all,
// nothing else (the whole CLI is `agentic`), with the CLI's exit statuses.
import { afterEach, expect, it, vi } from 'vitest';
import { runHeadless } from './headless.js';

afterEach(() => vi.restoreAllMocks());

it('refuses any other command with a usage error, and bad usage of its own commands too', async () => {
  const stderr: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  expect(await runHeadless(['run', 'delete everything'])).toBe(2);
  expect(await runHeadless(['schedule', 'rm', 'abc'])).toBe(2);
  expect(await runHeadless(['run', '--schedule'])).toBe(2);
  expect(stderr[0]).toMatch(/^agentic: without its window the desktop app runs only `run --schedule ID` and `schedule unregister-all`/);
  expect(stderr[1]).toMatch(/^agentic: without its window/);
  expect(stderr[2]).toMatch(/^agentic: .*schedule/);
});
