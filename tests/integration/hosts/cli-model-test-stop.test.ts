// `agentic models test` stopped with Ctrl+C (issue 25): the running task (a program that would sleep
// for five minutes) is cancelled, the command says so on one line, exits 130 and leaves no scratch
// folder behind; no result of the tasks it did not run is invented.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-selftest-stop-'));
// The CLI's scratch folders are made under TMPDIR: a folder of this test's own, so they can be counted.
const tmp = join(home, 'tmp');
mkdirSync(tmp);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const scratches = () => readdirSync(tmp).filter((n) => n.startsWith('agentic-selftest-'));
const started = () => scratches().some((n) => existsSync(join(tmp, n, 'workspace', 'started.txt')));

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('agentic models test, Ctrl+C', () => {
  it('cancels the running task, removes its scratch folder and exits 130 with a clear message', async () => {
    const cli = [
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      join(ROOT, 'src-main/hosts/cli/main.ts'),
      'models',
      'test',
      '--replay',
      join(ROOT, 'tests/fixtures/selftest/slow-coder.json'),
      '--json',
    ];
    const child = spawn(cli[0]!, cli.slice(1), {
      cwd: ROOT,
      env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error', TMPDIR: tmp, AGENTIC_SELFTEST_PORT: '47292' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The coder's program is running (it wrote its marker and sleeps): now the user presses Ctrl+C.
    await until(started, 120_000);
    expect(scratches()).toHaveLength(1);
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(code).toBe(130);
    expect(stderr).toMatch(/Stopping the self-test \(Ctrl\+C\)/);
    expect(stderr).toMatch(/The self-test was stopped by Ctrl\+C after 2 of \d agents; its scratch folder was removed\./);
    expect(scratches()).toEqual([]);
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => 'agent' in l).map((l) => [l.agent, l.passed])).toEqual([
      ['casual', true],
      ['coder', false],
    ]);
    expect(lines.at(-1)).toMatchObject({ summary: true, interrupted: true, of: 2 });
    // What it kept says it was stopped, so the app does not read the cut task as the model's failure.
    const kept = readdirSync(join(home, 'model-tests'));
    expect(JSON.parse(readFileSync(join(home, 'model-tests', kept[0]!), 'utf8'))).toMatchObject({
      interrupted: true,
      agents: [{ agent: 'casual' }, { agent: 'coder', error: 'stopped by the user' }],
    });
  }, 200_000);
});
