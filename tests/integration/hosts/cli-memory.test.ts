// `agentic memory list|add|rm` on the real CLI process and the real sessions database, and a
// "remember …" said in `agentic run` showing up in the list.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-memory-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const listed = async () =>
  (await runCli(['memory', 'list', '--json'], { home })).stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: number; text: string });

describe('agentic memory', () => {
  it('adds, lists (one JSON object a line) and removes memories; run stores a "remember"', { timeout: 120_000 }, async () => {
    const added = await runCli(['memory', 'add', 'Answer in French'], { home });
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^added memory \d+/);

    const replay = join(home, 'r.json');
    writeFileSync(replay, JSON.stringify({ responses: ['Noted, I will use tabs.'] }));
    const run = await runCli(['run', 'Remember that I indent with tabs', '--agent', 'casual', '--replay', replay, '--json'], { home });
    expect(run.code).toBe(0);
    expect(run.lines.find((l) => l.type === 'memory.changed')).toMatchObject({ status: 'active', text: 'I indent with tabs' });

    const items = await listed();
    expect(items.map((m) => m.text)).toEqual(['Answer in French', 'I indent with tabs']);
    expect(typeof items[0]!.id).toBe('number');

    const removed = await runCli(['memory', 'rm', String(items[0]!.id)], { home });
    expect(removed.code).toBe(0);
    expect((await listed()).map((m) => m.text)).toEqual(['I indent with tabs']);

    const missing = await runCli(['memory', 'rm', '999999'], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no memory 999999/);
    const bad = await runCli(['memory', 'rm', 'abc'], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/needs the number of a memory/);
  });
});
