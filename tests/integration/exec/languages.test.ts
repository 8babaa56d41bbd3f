// Each language on its real toolchain, through pty + sandbox: success, compile error, runtime error,
// exit code, refusal, saving, and bash running what the model just wrote.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeTools, missingToolchainTool } from '../../../src-main/node/exec/index.js';
import { block, codeTools, context, tempWorkspace, toolFor } from './setup.js';

let ws: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  ws = await tempWorkspace();
});
afterAll(async () => ws.dispose());

const run = async (tag: string, code: string, savePath: string | null = null) => (await toolFor(tag)).run(block(tag, code, savePath), context(ws.dir));

describe('toolchain detection', () => {
  it('lists every installed language with a version and uses the sandbox', async () => {
    const tools = await codeTools();
    expect(tools.languages).toEqual(expect.arrayContaining(['python', 'bash', 'c', 'go', 'java']));
    for (const t of tools.toolchains.filter((x) => x.available)) expect(t.version, t.language).toMatch(/\d/);
    expect(tools.sandbox).toEqual({ available: true, kind: 'bubblewrap', warning: null });
  });

  it('answers a block for a missing toolchain with feedback naming what is missing', async () => {
    const tools = await createCodeTools({
      toolchains: [
        { language: 'go', available: false, version: null, commands: {}, missing: ['go'] },
        { language: 'python', available: true, version: 'Python 3', commands: { python: 'python3' }, missing: [] },
      ],
    });
    expect(tools.languages).toEqual(['python']);
    const result = await tools.unavailable[0]!.run(block('go', 'package main'), context(ws.dir));
    expect(result).toMatchObject({ status: 'error', feedback: expect.stringMatching(/go toolchain is not installed.*missing: go.*python/) });
    expect((await missingToolchainTool('java', ['javac', 'java'], []).run(block('java', ''), context(ws.dir))).feedback).toMatch(/javac, java/);
  });
});

describe('python', () => {
  it('succeeds with exit status 0 and returns plain output, streamed live', async () => {
    const ctx = context(ws.dir);
    const result = await (await toolFor('python')).run(block('python', 'import os\nprint("hello", os.getcwd())'), ctx);
    expect(result).toMatchObject({ status: 'ok', exitCode: 0, output: `hello ${ws.dir}\n` });
    expect(ctx.streamed.join('')).toContain('hello');
  });

  it('fails on a runtime error with the traceback and feedback', async () => {
    const result = await run('python', 'print("before")\n1/0');
    expect(result).toMatchObject({ status: 'failed', exitCode: 1 });
    expect(result.output).toMatch(/ZeroDivisionError/);
    expect(result.feedback).toMatch(/status 1/);
  });

  it('reports the exit code and judges by it, not by words in the output', async () => {
    expect(await run('python', 'print("error: not found")')).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(await run('python', 'import sys\nsys.exit(7)')).toMatchObject({ status: 'failed', exitCode: 7 });
  });

  it('refuses input() before running, with feedback', async () => {
    const result = await run('python', 'x = input("n? ")\nprint(x)');
    expect(result).toMatchObject({ status: 'refused', exitCode: null, feedback: expect.stringMatching(/variables/) });
  });

  it('saves the block at its path through the workspace guard and imports workspace modules', async () => {
    const saved = await run('python', 'def twice(x):\n    return 2 * x', 'lib/helpers.py');
    expect(saved).toMatchObject({ status: 'ok', savedTo: 'lib/helpers.py' });
    expect(await readFile(path.join(ws.dir, 'lib', 'helpers.py'), 'utf8')).toBe('def twice(x):\n    return 2 * x\n');
    expect(await run('python', 'from lib.helpers import twice\nprint(twice(21))')).toMatchObject({ status: 'ok', output: '42\n' });
  });

  it('does not save to a path outside the workspace, and does not run', async () => {
    const result = await run('python', 'print("ran")', '../escape.py');
    expect(result).toMatchObject({ status: 'error', savedTo: null, feedback: expect.stringContaining(ws.dir) });
    expect(result.output).not.toContain('ran');
  });
});

describe('bash', () => {
  it('runs python3 main.py and gcc x.c && ./a.out like any command', async () => {
    await run('python', 'print("from main")', 'main.py');
    await run('c', '#include <stdio.h>\nint main(void){puts("from a.out");return 0;}', 'x.c');
    const result = await run('bash', 'python3 main.py\ngcc x.c -o a.out && ./a.out');
    expect(result).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(result.output).toBe('from main\nfrom a.out\n');
  });

  it('makes a program it runs fail fast when it waits for the keyboard, instead of hanging', async () => {
    await writeFile(path.join(ws.dir, 'ask.py'), 'name = input("name? ")\nprint(name)\n');
    const started = performance.now();
    const result = await (await toolFor('bash')).run(block('bash', 'python3 ask.py'), context(ws.dir, { timeoutMs: 20_000 }));
    expect(result).toMatchObject({ status: 'failed', exitCode: 1 });
    expect(result.output).toMatch(/EOFError/);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('returns the script exit status', async () => {
    expect(await run('bash', 'echo partial; exit 3')).toMatchObject({ status: 'failed', exitCode: 3, output: 'partial\n' });
  });

  it('refuses read from the keyboard', async () => {
    expect(await run('bash', 'read -p "name: " n; echo $n')).toMatchObject({ status: 'refused' });
  });
});

describe('c', () => {
  it('compiles and runs, exit status decides', async () => {
    expect(await run('c', '#include <stdio.h>\nint main(void){printf("sum=%d\\n", 2+3);return 0;}')).toMatchObject({ status: 'ok', output: 'sum=5\n' });
    expect(await run('c', 'int main(void){return 4;}')).toMatchObject({ status: 'failed', exitCode: 4 });
  });

  it('reports a compile error with the compiler output and never runs', async () => {
    const result = await run('c', 'int main(void){ return undefined_name; }');
    expect(result.status).toBe('failed');
    expect(result.output).toMatch(/undefined_name/);
    expect(result.feedback).toMatch(/Compilation failed/);
  });

  it('reports a runtime crash (signal) as a failure', async () => {
    const result = await run('c', '#include <stdlib.h>\nint main(void){ abort(); }');
    expect(result.status).toBe('failed');
    expect(result.exitCode).not.toBe(0);
  });
});

describe('go', () => {
  it('builds and runs; compile error and runtime error fail', async () => {
    expect(await run('go', 'package main\nimport "fmt"\nfunc main(){ fmt.Println("go says hi") }')).toMatchObject({ status: 'ok', output: 'go says hi\n' });
    const compile = await run('go', 'package main\nfunc main(){ undefinedThing() }');
    expect(compile).toMatchObject({ status: 'failed', feedback: expect.stringMatching(/Compilation failed/) });
    expect(compile.output).toMatch(/undefined/);
    const runtime = await run('go', 'package main\nimport "os"\nfunc main(){ os.Exit(5) }');
    expect(runtime).toMatchObject({ status: 'failed', exitCode: 5 });
  });
});

describe('java', () => {
  it('runs whatever the public class is called, and fails on compile and runtime errors', async () => {
    const ok = await run('java', 'public class Greeter {\n  public static void main(String[] args) { System.out.println("hi from " + Greeter.class.getSimpleName()); }\n}');
    expect(ok).toMatchObject({ status: 'ok', output: 'hi from Greeter\n' });
    const helper = await run('java', 'class Util { static int two() { return 2; } }\nclass App { public static void main(String[] a) { System.out.println(Util.two()); } }');
    expect(helper).toMatchObject({ status: 'ok', output: '2\n' });
    const compile = await run('java', 'public class Broken { public static void main(String[] a) { int x = "s"; } }');
    expect(compile).toMatchObject({ status: 'failed', feedback: expect.stringMatching(/Compilation failed/) });
    const runtime = await run('java', 'public class Boom { public static void main(String[] a) { throw new IllegalStateException("boom"); } }');
    expect(runtime.status).toBe('failed');
    expect(runtime.output).toMatch(/IllegalStateException: boom/);
  });
});
