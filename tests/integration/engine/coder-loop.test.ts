// The execute-and-fix loop with real interpreters and a scripted model.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fence, startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('coder loop', () => {
  it('coder-stops-after-a-successful-bash-block (the original never stopped after bash)', async () => {
    t = await startTestApp([`Listing:\n${fence('bash', 'echo hello-from-bash')}`, 'THIS RESPONSE MUST NEVER BE USED']);
    const out = await t.turn(t.newSession(), 'print hello with bash', 'coder');
    expect(out.status).toBe('done');
    expect(out.llmCalls).toBe(1);
    expect(t.replay().remaining).toBe(1);
    const [block] = t.of('block.finished', out.turnId);
    expect(block).toMatchObject({ tool: 'bash', status: 'ok', success: true, exitCode: 0 });
    expect(block!.output).toContain('hello-from-bash');
  });

  it('coder-fixes-a-failing-block-using-the-feedback', async () => {
    t = await startTestApp([fence('python', 'print(undefined_name)'), fence('python', 'print("fixed", 6 * 7)')]);
    const out = await t.turn(t.newSession(), 'compute 6*7', 'coder');
    expect(out).toMatchObject({ status: 'done', llmCalls: 2 });
    const blocks = t.of('block.finished', out.turnId);
    expect(blocks.map((b) => b.success)).toEqual([false, true]);
    expect(blocks[0]!.exitCode).not.toBe(0);
    // The second model call saw the first block's error.
    const second = t.replay().calls[1]!;
    expect(second.map((m) => m.content).join('\n')).toMatch(/NameError: name 'undefined_name' is not defined/);
    expect(blocks[1]!.output).toContain('fixed 42');
  });

  it('coder-gives-up-after-max-attempts-with-an-honest-answer', async () => {
    t = await startTestApp([fence('python', 'raise SystemExit(3)'), fence('bash', 'exit 4'), fence('python', 'import sys; sys.exit(5)'), 'UNUSED'], {
      settings: { maxAttempts: 3 },
    });
    const out = await t.turn(t.newSession(), 'do the impossible', 'coder');
    expect(out.status).toBe('done');
    expect(out.llmCalls).toBe(3);
    expect(out.answer).toMatch(/could not complete this task in 3 attempts/);
    expect(out.answer).toMatch(/exit status 5/);
    expect(t.replay().remaining).toBe(1);
  });

  it('a-reply-without-blocks-ends-the-loop', async () => {
    t = await startTestApp(['A list is mutable; a tuple is not.', 'UNUSED']);
    const out = await t.turn(t.newSession(), 'list vs tuple?', 'coder');
    expect(out).toMatchObject({ status: 'done', llmCalls: 1, answer: 'A list is mutable; a tuple is not.' });
    expect(t.of('block.started', out.turnId)).toHaveLength(0);
  });

  it('a-clarifying-question-ends-the-loop-and-waits-for-the-user', async () => {
    t = await startTestApp(['Which file do you want me to convert: data.csv or old/data.csv?', 'UNUSED']);
    const out = await t.turn(t.newSession(), 'convert the file', 'file');
    expect(out.llmCalls).toBe(1);
    expect(out.answer).toMatch(/Which file/);
  });

  it('two-blocks-with-two-save-paths-save-two-files (the original kept one path per reply)', async () => {
    t = await startTestApp([`${fence('python:pkg/a.py', 'print("a")')}\nand\n${fence('python:pkg/b.py', 'print("b")')}`]);
    const out = await t.turn(t.newSession(), 'write two scripts', 'coder');
    const saved = t.of('block.finished', out.turnId).map((b) => b.savedTo);
    expect(saved).toEqual(['pkg/a.py', 'pkg/b.py']);
    expect(readFileSync(join(t.workspace, 'pkg/a.py'), 'utf8')).toContain('print("a")');
    expect(readFileSync(join(t.workspace, 'pkg/b.py'), 'utf8')).toContain('print("b")');
  });

  it('blocks-run-in-order-of-appearance-across-languages', async () => {
    t = await startTestApp([
      [fence('python', 'open("order.txt", "a").write("1")'), fence('bash', 'printf 2 >> order.txt'), fence('python', 'open("order.txt", "a").write("3")')].join('\n'),
    ]);
    const out = await t.turn(t.newSession(), 'append 123', 'coder');
    expect(out.llmCalls).toBe(1);
    expect(readFileSync(join(t.workspace, 'order.txt'), 'utf8')).toBe('123');
  });

  it('a-failed-block-stops-the-later-blocks-of-that-reply', async () => {
    t = await startTestApp([`${fence('bash', 'exit 1')}\n${fence('bash', 'touch should-not-exist')}`, 'Giving up on purpose.']);
    const out = await t.turn(t.newSession(), 'x', 'coder');
    expect(t.of('block.finished', out.turnId)).toHaveLength(1);
    expect(existsSync(join(t.workspace, 'should-not-exist'))).toBe(false);
    expect(t.replay().calls[1]!.at(-1)!.content).toMatch(/1 later block\(s\) were not run/);
  });

  it('feedback-from-every-successful-block-reaches-the-model', async () => {
    t = await startTestApp([`${fence('bash', 'echo first-output')}\n${fence('python', 'print("second-output")')}`, 'Both worked.']);
    const session = t.newSession();
    await t.turn(session, 'run two', 'coder');
    await t.turn(session, 'what did they print?', 'casual');
    const seen = t
      .replay()
      .calls[1]!.map((m) => m.content)
      .join('\n');
    expect(seen).toContain('first-output');
    expect(seen).toContain('second-output');
  });
});

describe('file agent', () => {
  it('reads a file with file_finder and answers from its content (observations go back to the model)', async () => {
    t = await startTestApp([fence('file_finder', 'name=notes.txt\naction=read'), 'The notes say: BUY-MILK.', 'UNUSED']);
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(t.workspace, { recursive: true });
    writeFileSync(join(t.workspace, 'notes.txt'), 'remember: BUY-MILK\n');
    const out = await t.turn(t.newSession(), 'what do my notes say?', 'file');
    expect(out).toMatchObject({ status: 'done', llmCalls: 2, answer: 'The notes say: BUY-MILK.' });
    expect(t.of('block.finished', out.turnId)[0]).toMatchObject({ tool: 'file_finder', status: 'ok' });
    expect(
      t
        .replay()
        .calls[1]!.map((m) => m.content)
        .join('\n'),
    ).toContain('remember: BUY-MILK');
  });
});
