import { describe, expect, it } from 'vitest';
import { BLOCK_TOOLS, toolsNamed } from '../../../tests/helpers/toolDefinitions.js';
import { parseBlocks, withPlaceholders } from './parse.js';

const F = '```';
const parse = (reply: string) => parseBlocks(reply, BLOCK_TOOLS);

describe('parseBlocks', () => {
  it('finds one block inside prose and returns exactly the text between the fences', () => {
    const reply = `Here is the code:\n${F}python\nprint("hi")\nx = 2\n${F}\nThat prints hi.`;
    const [block, ...rest] = parse(reply);
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ id: 'b1', tag: 'python', code: 'print("hi")\nx = 2', savePath: null });
    expect(reply.slice(block!.start, block!.end)).toBe(`${F}python\nprint("hi")\nx = 2\n${F}`);
  });

  it('keeps several blocks in order of appearance with distinct ids', () => {
    const reply = `a\n${F}bash\nls\n${F}\nb\n${F}python\nprint(1)\n${F}\nc\n${F}go\npackage main\n${F}`;
    expect(parse(reply).map((b) => [b.id, b.tag, b.code])).toEqual([
      ['b1', 'bash', 'ls'],
      ['b2', 'python', 'print(1)'],
      ['b3', 'go', 'package main'],
    ]);
  });

  it('does not take a save_path line inside the code as a path', () => {
    const [block] = parse(`${F}python\nsave_path: out.py\nprint(1)\n${F}`);
    expect(block!.savePath).toBeNull();
    expect(block!.code).toBe('save_path: out.py\nprint(1)');
  });

  it('takes tag:path as the save path of that block only', () => {
    const [block] = parse(`${F}go:hello.go\npackage main\n${F}`);
    expect(block).toMatchObject({ tag: 'go', savePath: 'hello.go', code: 'package main' });
  });

  it('keeps each of two blocks with its own save path (the original kept only the last)', () => {
    const blocks = parse(`${F}python:src/a.py\na = 1\n${F}\n\n${F}python:src/b.py\nb = 2\n${F}`);
    expect(blocks.map((b) => b.savePath)).toEqual(['src/a.py', 'src/b.py']);
  });

  it('does not read a colon inside the code as a path', () => {
    const [block] = parse(`${F}python\nd = {"a": 1}\nprint(d["a"])\n${F}`);
    expect(block!.savePath).toBeNull();
  });

  it('de-indents a fence nested in a list by the fence indentation', () => {
    const reply = `1. Run this:\n   ${F}python\n   def f():\n       return 1\n   print(f())\n   ${F}\n2. Done`;
    expect(parse(reply)[0]!.code).toBe('def f():\n    return 1\nprint(f())');
  });

  it('de-indents a fence inside a block quote', () => {
    const reply = `> ${F}bash\n> echo quoted\n> ${F}`;
    expect(parse(reply)[0]!.code).toBe('echo quoted');
  });

  it('returns nothing for a reply without blocks', () => {
    expect(parse('Just prose, with `inline` code and no fences.')).toEqual([]);
  });

  it('ignores other tags: cpp and csv are not c, javascript is not java', () => {
    const reply = [`${F}cpp\nint main(){}\n${F}`, `${F}csv\na,b\n${F}`, `${F}javascript\nconsole.log(1)\n${F}`, `${F}css\nb{}\n${F}`, `${F}\nplain\n${F}`].join('\n');
    expect(parse(reply)).toEqual([]);
  });

  it('does not look for blocks inside another fenced block', () => {
    const reply = `${F}text\n${F}python\nprint("example only")\n${F}\n${F}`;
    expect(parse(reply).map((b) => b.code)).toEqual([]);
  });

  it('returns an empty block with empty code', () => {
    expect(parse(`${F}bash\n${F}`)).toMatchObject([{ tag: 'bash', code: '' }]);
  });

  it('never returns an unclosed block, nor anything after it', () => {
    expect(parse(`${F}bash\nrm -rf ./build`)).toEqual([]);
    expect(parse(`${F}python\nprint(1)\n${F}\n${F}bash\necho cut off mid-bl`)).toHaveLength(1);
  });

  it('keeps special characters verbatim', () => {
    const code = "echo \"$HOME\" 'a\\tb' `date` | tr -d '\\n' # ünïcødé ✓ %s {}\ttab\\";
    expect(parse(`${F}bash\n${code}\n${F}`)[0]!.code).toBe(code);
  });

  it('reads a one-line fence as a block of that one line', () => {
    expect(parse('Run ```bash ls -la``` now.')).toEqual([]);
    expect(parse('```bash ls -la```')).toMatchObject([{ tag: 'bash', code: 'ls -la' }]);
    expect(parse('```python:a.py print(1)```')).toMatchObject([{ tag: 'python', code: 'print(1)', savePath: 'a.py' }]);
  });

  it('accepts longer fences and tildes, and CRLF line ends', () => {
    expect(parse('````python\nprint("```")\n````')[0]!.code).toBe('print("```")');
    expect(parse('~~~bash\necho t\n~~~')[0]!.code).toBe('echo t');
    expect(parse('```bash\r\necho crlf\r\n```\r\n')[0]!.code).toBe('echo crlf');
  });

  it('collects name=value parameters', () => {
    const [block] = parse(`${F}file_finder\nname=report.pdf\naction = read\n${F}`);
    expect(block!.params).toEqual({ name: 'report.pdf', action: 'read' });
  });

  it('uses the id factory when given one', () => {
    const blocks = parseBlocks(`${F}bash\na\n${F}\n${F}bash\nb\n${F}`, toolsNamed('bash'), { makeId: (i) => `t7-${i}` });
    expect(blocks.map((b) => b.id)).toEqual(['t7-0', 't7-1']);
  });
});

describe('withPlaceholders', () => {
  it('replaces each block by its placeholder and keeps the prose', () => {
    const reply = `Before\n${F}bash\nls\n${F}\nmiddle\n${F}python\nprint(1)\n${F}\nafter`;
    expect(withPlaceholders(reply, parse(reply))).toBe('Before\n[[block:b1]]\nmiddle\n[[block:b2]]\nafter');
  });

  it('leaves a reply without blocks unchanged', () => {
    expect(withPlaceholders('nothing here', [])).toBe('nothing here');
  });
});
