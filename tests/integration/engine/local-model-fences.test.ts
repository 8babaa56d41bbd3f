// The coder and file agents with replies tagged the way small local models tag them, through the
// real engine, interpreters and file finder (issue 25: ```sh and ```py were shown, never run).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const F = '```';

describe('fences as local models write them', () => {
  it('runs a ```sh block and a ```console block with its $ prompt', async () => {
    t = await startTestApp([`I'll list the files:\n\n${F}sh\necho listed-by-sh\n${F}\n\n${F}console\n$ echo from-console\n${F}`, 'UNUSED']);
    const out = await t.turn(t.newSession(), 'list my files', 'coder');
    const blocks = t.of('block.finished', out.turnId);
    expect(blocks.map((b) => [b.tool, b.success])).toEqual([
      ['bash', true],
      ['bash', true],
    ]);
    expect(blocks[0]!.output).toContain('listed-by-sh');
    expect(blocks[1]!.output).toContain('from-console');
  });

  it('runs ```Python3 with attributes after the tag', async () => {
    t = await startTestApp([`${F}Python3 title="calc.py"\nprint(6 * 7)\n${F}\n\nExpected output:\n${F}\n42\n${F}`]);
    const out = await t.turn(t.newSession(), 'compute 6*7', 'coder');
    const blocks = t.of('block.finished', out.turnId);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ tool: 'python', success: true });
    expect(blocks[0]!.output).toContain('42');
  });

  it('tells the model once which tags run when its code is in ```cpp, and the loop continues', async () => {
    t = await startTestApp([
      `Here is a C++ program:\n${F}cpp\n#include <iostream>\nint main() { std::cout << 42; }\n${F}`,
      `Sorry, here it is in Python:\n${F}py\nprint(42)\n${F}`,
      'UNUSED',
    ]);
    const out = await t.turn(t.newSession(), 'print 42', 'coder');
    expect(out.llmCalls).toBe(2);
    const told = t.replay().calls[1]!.at(-1)!.content;
    expect(told).toMatch(/your code is in a `cpp` block.*`python`.*`bash`/s);
    expect(told.trim().split('\n')).toHaveLength(1);
    expect(t.of('block.finished', out.turnId).map((b) => [b.tool, b.success])).toEqual([['python', true]]);
  });

  it('tells only once: a second reply of foreign code ends the turn with it', async () => {
    t = await startTestApp([`${F}javascript\nconsole.log(1)\n${F}`, `${F}javascript\nconsole.log(2)\n${F}`, 'UNUSED']);
    const out = await t.turn(t.newSession(), 'print 1', 'coder');
    expect(out.llmCalls).toBe(2);
    expect(out.answer).toContain('console.log(2)');
  });

  it('reads file_finder parameters written name: x and name="x"', async () => {
    t = await startTestApp([`${F}file_finder\nname: "notes.txt"\naction: read\n${F}`, 'The notes say hello-notes.']);
    writeFileSync(join(t.workspace, 'notes.txt'), 'hello-notes\n');
    const out = await t.turn(t.newSession(), 'read notes.txt', 'file');
    const [block] = t.of('block.finished', out.turnId);
    expect(block).toMatchObject({ tool: 'file_finder', success: true });
    expect(block!.output).toContain('hello-notes');
  });
});
