import { describe, expect, it } from 'vitest';
import { BLOCK_TOOLS, toolsNamed } from '../../../tests/helpers/toolDefinitions.js';
import { describeTools, isForeignCodeTag } from './aliases.js';
import { paramsOf, parseReplyBlocks } from './parse.js';

const F = '```';
const parse = (reply: string) => parseReplyBlocks(reply, BLOCK_TOOLS);
const tags = (reply: string) => parse(reply).blocks.map((b) => [b.tag, b.code]);

describe('fence tags as real models write them', () => {
  it.each([
    ['sh', 'bash'],
    ['shell', 'bash'],
    ['zsh', 'bash'],
    ['console', 'bash'],
    ['Bash', 'bash'],
    ['SH', 'bash'],
    ['py', 'python'],
    ['python3', 'python'],
    ['Python', 'python'],
    ['golang', 'go'],
    ['C', 'c'],
  ])('runs ```%s as %s', (tag, tool) => {
    expect(tags(`Here:\n${F}${tag}\necho 1\n${F}\n`)).toEqual([[tool, 'echo 1']]);
  });

  it('ignores attributes after the tag and keeps the save path', () => {
    expect(tags(`${F}python title="x.py"\nprint(1)\n${F}`)).toEqual([['python', 'print(1)']]);
    expect(tags(`${F}python {.numberLines}\nprint(1)\n${F}`)).toEqual([['python', 'print(1)']]);
    expect(tags(`${F}{python}\nprint(1)\n${F}`)).toEqual([['python', 'print(1)']]);
    expect(parse(`${F}py:src/a.py linenums\nprint(1)\n${F}`).blocks[0]).toMatchObject({ tag: 'python', savePath: 'src/a.py' });
  });

  it('accepts every CommonMark fence form: tildes, four backticks, a space before the tag, CRLF, list indentation', () => {
    expect(tags(`~~~python\nprint(1)\n~~~`)).toEqual([['python', 'print(1)']]);
    expect(tags(`${F}\`python\nprint("${F}")\n${F}\``)).toEqual([['python', `print("${F}")`]]);
    expect(tags(`${F} bash\nls\n${F}`)).toEqual([['bash', 'ls']]);
    expect(tags(`Run:\r\n${F}bash\r\nls -1\r\npwd\r\n${F}\r\nDone.`)).toEqual([['bash', 'ls -1\npwd']]);
    expect(tags(`1. First list the files:\n\n   ${F}sh\n   ls -1\n   ${F}\n2. Then read them.`)).toEqual([['bash', 'ls -1']]);
  });

  it('strips a terminal prompt from a one-line shell block only', () => {
    expect(tags(`${F}console\n$ ls -1\n${F}`)).toEqual([['bash', 'ls -1']]);
    expect(tags(`${F}bash\n$ echo "$HOME"\n${F}`)).toEqual([['bash', 'echo "$HOME"']]);
    expect(tags(`${F}bash\n$ ls\n$ pwd\n${F}`)).toEqual([['bash', '$ ls\n$ pwd']]);
    expect(tags(`${F}python\n$ x\n${F}`)).toEqual([['python', '$ x']]);
  });

  it('never runs a tag that is neither a tool nor an alias, and reports code tags as foreign', () => {
    const reply = `${F}cpp\nint main(){}\n${F}\n${F}javascript\nconsole.log(1)\n${F}\n${F}text\nhello\n${F}\n${F}\nplain\n${F}`;
    expect(parse(reply)).toEqual({ blocks: [], refused: 0, foreign: ['cpp', 'javascript'] });
    expect(parse(`${F}pythonic\nx\n${F}`).blocks).toEqual([]);
  });

  it('reports no foreign tag for output and data fences', () => {
    for (const tag of ['', 'text', 'output', 'json', 'yaml', 'csv', 'markdown']) expect(isForeignCodeTag(tag)).toBe(false);
    for (const tag of ['cpp', 'js', 'rust', 'c++', 'c#']) expect(isForeignCodeTag(tag)).toBe(true);
  });

  it('describes the tags that run, with their common aliases', () => {
    expect(describeTools(toolsNamed('python', 'java'))).toBe('`python` (or `py`, `python3`, `py3`), `java`');
  });
});

describe('paramsOf', () => {
  it('reads name=x, name: x, name="x" and name = x, keys in any case', () => {
    expect(paramsOf('name: report.pdf\naction: read')).toEqual({ name: 'report.pdf', action: 'read' });
    expect(paramsOf('name="my notes.txt"\nAction = \'info\'')).toEqual({ name: 'my notes.txt', action: 'info' });
    expect(paramsOf('  name = *.csv  \r\naction=list\r\n')).toEqual({ name: '*.csv', action: 'list' });
    expect(paramsOf('just prose here\n- bullet')).toEqual({});
  });

  it('is linear on 1 MB adversarial lines (the old pattern took 70 s on 300 KB)', () => {
    const M = 1_000_000;
    expect(paramsOf(`name=${' '.repeat(M)}x`)).toEqual({ name: 'x' });
    expect(paramsOf(`name=a${' '.repeat(M)}b`)).toEqual({ name: `a${' '.repeat(M)}b` });
    expect(paramsOf(`name${' '.repeat(M)}`)).toEqual({});
    expect(paramsOf('a'.repeat(M))).toEqual({});
    expect(paramsOf(`${'a '.repeat(M / 2)}=`)).toEqual({});
    const blocks = parse(`${F}file_finder\nname:${' \t'.repeat(M / 2)}report.pdf\n${F}`).blocks;
    expect(blocks[0]!.params).toEqual({ name: 'report.pdf' });
  });
});

describe('fallback tags', () => {
  it('reads ```json as an MCP call only where json is not a tool of its own', () => {
    const reply = `${F}json\n{"server": "s", "tool": "t"}\n${F}`;
    expect(parseReplyBlocks(reply, toolsNamed('mcp')).blocks.map((b) => b.tag)).toEqual(['mcp']);
    expect(parseReplyBlocks(reply, toolsNamed('json', 'mcp')).blocks.map((b) => b.tag)).toEqual(['json']);
    expect(parseReplyBlocks(reply, toolsNamed('python', 'bash')).blocks).toEqual([]);
    // A commented call, as models write it when they explain the arguments.
    const commented = `${F}jsonc\n{"server": "s", // the server\n "tool": "t"}\n${F}`;
    expect(parseReplyBlocks(commented, toolsNamed('mcp')).blocks.map((b) => b.tag)).toEqual(['mcp']);
    expect(parseReplyBlocks(commented, toolsNamed('json', 'mcp')).blocks.map((b) => b.tag)).toEqual(['json']);
  });
});
