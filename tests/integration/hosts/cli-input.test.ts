// The CLI on bad input and on requests of any length (issue 18, items 11 and 12), on the real CLI
// process: every bad input exits 2 with one readable line; a 1 MB request goes through standard
// input and --file, and the longest argument Linux allows through the command line, routed by the
// real ONNX router (which crashed with exit 139 on a command line over ~25 KB).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, type CliOptions, type CliResult } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-input-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const cli = (args: string[], opts: Omit<CliOptions, 'home'> = {}): Promise<CliResult> => runCli(args, { home, ...opts });

const replayFile = (name: string, responses: string[]) => {
  const file = join(home, name);
  writeFileSync(file, JSON.stringify({ responses, contextSize: 2_000_000 }));
  return file;
};

const oneLine = (r: CliResult) => {
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |INTERNAL/);
};

describe('agentic: bad input', () => {
  it('route "" exits 2 like run ""', async () => {
    const r = await cli(['route', '']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/route needs a non-empty REQUEST/);
    oneLine(r);
  });

  it('an unknown option is named with balanced quotes', async () => {
    const r = await cli(['run', 'x', '--frobnicate']);
    expect(r.code).toBe(2);
    const message = r.stderr.trim();
    expect(message).toContain('Unknown option "--frobnicate"');
    expect((message.match(/"/g) ?? []).length % 2).toBe(0);
    expect((message.match(/'/g) ?? []).length % 2).toBe(0);
  });

  it('a workspace under /proc is refused at once, before anything is created', async () => {
    const started = Date.now();
    const r = await cli(['run', 'hi', '--workspace', '/proc/agentic-test/ws', '--replay', replayFile('p.json', ['x'])], { timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/procfs/);
    expect(Date.now() - started).toBeLessThan(25_000);
    oneLine(r);
  });

  it('an uncreatable workspace exits 2 with the real cause', async () => {
    const file = join(home, 'a-file');
    writeFileSync(file, 'x');
    const r = await cli(['run', 'hi', '--workspace', join(file, 'ws'), '--replay', replayFile('u.json', ['x'])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Cannot create the workspace .*a part of the path is a file/);
    oneLine(r);
  });

  // Root (as these tests run) ignores permission bits, so a chmod would prove nothing: the folder is
  // made read-only for real, by a read-only bind mount in a bubblewrap namespace the CLI runs in.
  const readOnly = join(home, 'read-only');
  mkdirSync(join(readOnly, 'ws'), { recursive: true });
  const underReadOnlyMount = ['bwrap', '--bind', '/', '/', '--ro-bind', readOnly, readOnly, '--dev', '/dev', '--proc', '/proc', '--'];
  const probe = spawnSync(underReadOnlyMount[0]!, [...underReadOnlyMount.slice(1), 'sh', '-c', `touch '${join(readOnly, 'probe')}'`], { encoding: 'utf8' });
  const noReadOnlyMount = probe.error
    ? `bwrap cannot start (${probe.error.message})`
    : /Read-only file system/.test(probe.stderr)
      ? null
      : `bwrap gave no read-only mount: ${probe.stderr.trim() || `exit ${probe.status}`}`;
  if (noReadOnlyMount) console.warn(`read-only workspace tests skipped: ${noReadOnlyMount}`);

  it.skipIf(noReadOnlyMount !== null).each([
    ['an existing read-only folder', join(readOnly, 'ws'), /Cannot use .*read-only\/ws as the workspace: it is not writable \(the filesystem is read-only\)\./],
    ['a folder to create on a read-only filesystem', join(readOnly, 'new', 'ws'), /Cannot create the workspace .*read-only\/new\/ws: the filesystem is read-only\./],
  ])('%s as the workspace exits 2 with the real cause', async (_name, workspace, message) => {
    const r = await cli(['run', 'hi', '--workspace', workspace, '--replay', replayFile('ro.json', ['x'])], { wrap: underReadOnlyMount });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    oneLine(r);
    expect(existsSync(join(readOnly, 'new'))).toBe(false);
  });

  it.each([
    ['a missing request file', ['run', '--file', '/nonexistent/request.txt'], /Cannot read the request file \/nonexistent\/request.txt: no such file/],
    ['a folder as request file', ['run', '--file', '/tmp'], /is a folder/],
    ['a request and --file', ['run', 'x', '--file', '/tmp/x'], /not both/],
  ])('%s exits 2', async (_name, args, message) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    oneLine(r);
  });

  it('an empty request on standard input exits 2', async () => {
    const r = await cli(['run', '-', '--replay', replayFile('e.json', ['x'])], { input: '  \n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/request in standard input is empty/);
  });

  it('relative paths given through npm run cli resolve against the caller’s directory', async () => {
    const caller = join(home, 'caller');
    mkdirSync(caller, { recursive: true });
    writeFileSync(join(caller, 'replay.json'), JSON.stringify({ responses: ['Done here.'] }));
    writeFileSync(join(caller, 'request.txt'), 'say something');
    const r = await cli(['run', '--file', 'request.txt', '--agent', 'casual', '--replay', 'replay.json', '--workspace', 'ws'], {
      env: { npm_lifecycle_event: 'cli', INIT_CWD: caller },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Done here.');
    expect(existsSync(join(caller, 'ws'))).toBe(true);
    expect(existsSync(join(ROOT, 'ws'))).toBe(false);
  });
});

describe('agentic run: requests of any length', () => {
  // "DONE" first: whichever agent the router picks (casual, coder, file, web) ends in one call.
  const reply = (text: string) => [`DONE\n${text}`];
  const body = (bytes: number) => `Count the words in this text, then say done.\n${'lorem ipsum dolor sit amet '.repeat(Math.ceil(bytes / 27))}\nThat is all.`;

  it('reads a 1 MB request from standard input, routed by the real router', { timeout: 120_000 }, async () => {
    const request = body(1024 * 1024);
    const r = await cli(['run', '-', '--replay', replayFile('stdin.json', reply('Read it all.')), '--json'], { input: request, timeoutMs: 110_000 });
    expect(r.code).toBe(0);
    expect(r.lines.find((l) => l.type === 'turn.started')!.request).toBe(request);
    expect(r.lines.find((l) => l.type === 'agent.selected')).toMatchObject({ reason: 'router' });
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', answer: expect.stringContaining('Read it all.') });
  });

  it('reads a 1 MB request from --file', { timeout: 120_000 }, async () => {
    const file = join(home, 'big.txt');
    writeFileSync(file, body(1024 * 1024));
    const r = await cli(['run', '--file', file, '--replay', replayFile('file.json', reply('Read the file.')), '--json'], { timeoutMs: 110_000 });
    expect(r.code).toBe(0);
    expect((r.lines.find((l) => l.type === 'turn.started')!.request as string).length).toBeGreaterThan(1024 * 1024);
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', answer: expect.stringContaining('Read the file.') });
  });

  it.each([40 * 1024, 120 * 1024])('takes a %i-byte request as an argument (Linux allows 128 KiB per argument)', { timeout: 120_000 }, async (bytes) => {
    const request = body(bytes).slice(0, bytes);
    const r = await cli(['run', request, '--replay', replayFile(`arg${bytes}.json`, reply('Read the argument.')), '--json'], { timeoutMs: 110_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.lines.find((l) => l.type === 'turn.started')!.request).toBe(request);
    expect(r.lines.find((l) => l.type === 'agent.selected')).toMatchObject({ reason: 'router' });
    expect(r.lines.at(-1)).toMatchObject({ type: 'turn.done', answer: expect.stringContaining('Read the argument.') });
  });

  it('routes a 40 KB argument with agentic route', { timeout: 60_000 }, async () => {
    const r = await cli(['route', body(40 * 1024), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toHaveProperty('agent');
  });
});
