// The block protocol: fenced blocks whose info string starts with a tool tag or one of its aliases
// (```python, ```go:hello.go, ```Py title="x.py"; see aliases.ts). Pure and linear in the reply's length. A fence that never closes (or a reply cut off inside one)
// yields nothing: a half-written program must never run.
import { blockPlaceholder } from '../../common/events.js';
import type { Block } from '../ports.js';
import type { ToolDefinition } from '../tools/defineTool.js';
import { isForeignCodeTag, toolForTag, toolIndex } from './aliases.js';

export interface ParseOptions {
  /** Block ids; the default gives b1, b2, … per reply. */
  makeId?: (index: number) => string;
  /** Blocks kept per reply; later ones are counted as refused, not returned. */
  maxBlocks?: number;
}

export interface ParsedReply {
  blocks: Block[];
  /** Complete blocks past maxBlocks: not run, and the model is told. */
  refused: number;
  /** Tags of complete fences holding code in a language that runs nothing here (```cpp), in order. */
  foreign: string[];
}

/** The default number of blocks one reply may run (Settings: maxBlocksPerReply). */
export const DEFAULT_MAX_BLOCKS = 20;

interface Line {
  text: string;
  start: number;
  /** Offset just past the line's text (before its newline). */
  end: number;
}

interface Fence {
  prefix: string;
  marker: string;
  info: string;
}

// Leading indentation and blockquote markers, then a run of 3+ backticks or tildes, then the info string.
const OPEN_RE = /^((?:[ \t]*>)*[ \t]*)(`{3,}|~{3,})(.*)$/;
// A tool call written on one line: ```bash ls -la``` (CommonMark would call it inline code; models mean it).
// Only the head is a regex; the closing run is checked by hand (a regex with two lazy runs for the
// body took a minute on one 100 KB line).
const ONE_LINE_HEAD = /^((?:[ \t]*>)*[ \t]*)(`{3,})([^\s`:]+)(?::(\S+))?[ \t]+/;

interface OneLine {
  tag: string;
  savePath: string | null;
  code: string;
}

function oneLineBlock(text: string): OneLine | null {
  const head = ONE_LINE_HEAD.exec(text);
  if (!head) return null;
  const fence = head[2]!;
  let end = text.length;
  while (end > head[0].length && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (end - fence.length < head[0].length || !text.startsWith(fence, end - fence.length)) return null;
  const code = text.slice(head[0].length, end - fence.length).trimEnd();
  if (!/[^`\s]/.test(code)) return null;
  return { tag: head[3]!, savePath: head[4] ?? null, code };
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const stop = nl === -1 ? text.length : nl;
    const end = stop > start && text[stop - 1] === '\r' ? stop - 1 : stop;
    lines.push({ text: text.slice(start, end), start, end: stop });
    if (nl === -1) break;
    start = nl + 1;
  }
  return lines;
}

function openingFence(text: string): Fence | null {
  const m = OPEN_RE.exec(text);
  if (!m) return null;
  const marker = m[2]!;
  const info = m[3]!.trim();
  // A backtick fence may not carry backticks in its info string (CommonMark): that is inline code.
  if (marker[0] === '`' && info.includes('`')) return null;
  return { prefix: m[1]!, marker, info };
}

/** Whether a line could open or close a fence: its first non-blank character is a fence or quote mark. */
function mayBeFence(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    return c === 96 /* ` */ || c === 126 /* ~ */ || c === 62; /* > */
  }
  return false;
}

const matchers = new Map<string, RegExp>();

function closingMatcher(fence: Fence): RegExp {
  let re = matchers.get(fence.marker);
  if (re === undefined) {
    const mark = fence.marker[0] === '`' ? '`' : '~';
    re = new RegExp(`^(?:[ \\t]*>)*[ \\t]*${mark}{${fence.marker.length},}[ \\t]*$`);
    // One per fence length a reply used; bounded so that a hostile reply cannot grow it.
    if (matchers.size < 64) matchers.set(fence.marker, re);
  }
  return re;
}

/** Removes the fence's own prefix (indentation, quote markers) from a content line, as far as it matches. */
function dedent(text: string, prefix: string): string {
  if (prefix === '') return text;
  let i = 0;
  while (i < prefix.length && i < text.length && (text[i] === prefix[i] || (/[ \t]/.test(text[i]!) && /[ \t]/.test(prefix[i]!)))) i++;
  // A quote line "> x" under a fence prefixed ">" also loses the space after the marker.
  if (i === prefix.length && prefix.endsWith('>') && text[i] === ' ') i++;
  return text.slice(i);
}

function splitInfo(info: string): { tag: string; savePath: string | null } {
  // Attributes after the tag are ignored: ```python title="x.py", ```python {.numberLines}, ```{python}.
  const word = (info.startsWith('{') ? info.slice(1) : info).split(/[\s{},]/)[0] ?? '';
  const colon = word.indexOf(':');
  if (colon === -1) return { tag: word, savePath: null };
  const path = word.slice(colon + 1).trim();
  return { tag: word.slice(0, colon), savePath: path === '' ? null : path };
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const KEY_START = /[A-Za-z_]/;
const KEY_CHAR = /[\w-]/;

/** One `key=value`, `key: value` or `key="value"` line, scanned by hand: linear even on a 1 MB line. */
function paramOf(line: string): [string, string] | null {
  let i = 0;
  while (isBlank(line[i])) i++;
  if (!KEY_START.test(line[i] ?? '')) return null;
  const keyStart = i;
  while (i < line.length && KEY_CHAR.test(line[i]!)) i++;
  const key = line.slice(keyStart, i);
  while (isBlank(line[i])) i++;
  if (line[i] !== '=' && line[i] !== ':') return null;
  let value = line.slice(i + 1).trim();
  const quote = value[0];
  if (value.length >= 2 && (quote === '"' || quote === "'" || quote === '`') && value.endsWith(quote)) value = value.slice(1, -1);
  return [key.toLowerCase(), value];
}

/** The `name=value` lines of a block (the file finder's parameters); the first of a repeated key wins. */
export function paramsOf(code: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const line of code.split('\n')) {
    if (!line.includes('=') && !line.includes(':')) continue;
    const param = paramOf(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (param && !(param[0] in params)) params[param[0]] = param[1];
  }
  return params;
}

/** A one-line shell block copied from a terminal (`$ ls -1`) runs without its prompt. */
function withoutPrompt(tag: string, code: string): string {
  if (tag !== 'bash') return code;
  const lines = code.split('\n').filter((l) => l.trim() !== '');
  if (lines.length !== 1) return code;
  const m = /^\s*[$%]\s+(\S.*)$/.exec(lines[0]!);
  return m ? m[1]! : code;
}

/** Every complete fenced block whose tag is one of the tools' tags or aliases, in order of appearance. */
export function parseBlocks(reply: string, tools: readonly ToolDefinition[], options: ParseOptions = {}): Block[] {
  return parseReplyBlocks(reply, tools, options).blocks;
}

/** Like parseBlocks, and counts the complete blocks past `maxBlocks`, which are not returned. */
export function parseReplyBlocks(reply: string, tools: readonly ToolDefinition[], options: ParseOptions = {}): ParsedReply {
  const makeId = options.makeId ?? ((i: number) => `b${i + 1}`);
  const maxBlocks = options.maxBlocks ?? Number.POSITIVE_INFINITY;
  const wanted = toolIndex(tools);
  const lines = splitLines(reply);
  const blocks: Block[] = [];
  const foreign: string[] = [];
  let refused = 0;
  const push = (tool: ToolDefinition, savePath: string | null, raw: string, start: number, end: number) => {
    const code = withoutPrompt(tool.tag, raw);
    if (blocks.length >= maxBlocks) refused++;
    else blocks.push({ id: makeId(blocks.length), tag: tool.tag, code, savePath, params: tool.input === 'key-value' ? paramsOf(code) : {}, start, end });
  };
  const noteForeign = (tag: string) => {
    if (isForeignCodeTag(tag) && foreign.length < 20) foreign.push(tag.toLowerCase());
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!mayBeFence(line.text)) continue;
    const one = oneLineBlock(line.text);
    if (one) {
      const tool = toolForTag(one.tag, wanted);
      if (tool !== null) push(tool, one.savePath, one.code, line.start, line.end);
      continue;
    }
    const fence = openingFence(line.text);
    if (!fence) continue;
    const closing = closingMatcher(fence);
    let close = i + 1;
    while (close < lines.length && !(mayBeFence(lines[close]!.text) && closing.test(lines[close]!.text))) close++;
    // Unclosed: CommonMark runs it to the end of the reply, so nothing after it is a block either.
    if (close >= lines.length) break;
    const { tag, savePath } = splitInfo(fence.info);
    const tool = toolForTag(tag, wanted);
    if (tool !== null && blocks.length >= maxBlocks) refused++;
    else if (tool !== null) {
      const code = lines
        .slice(i + 1, close)
        .map((l) => dedent(l.text, fence.prefix))
        .join('\n');
      push(tool, savePath, code, line.start, lines[close]!.end);
    } else if (close > i + 1) noteForeign(tag);
    i = close;
  }
  return { blocks, refused, foreign };
}

/** The reply with each block replaced by its placeholder (the stored form; results live beside it). */
export function withPlaceholders(reply: string, blocks: readonly Block[]): string {
  const ordered = [...blocks].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const block of ordered) {
    if (block.start < at) continue;
    out += reply.slice(at, block.start) + blockPlaceholder(block.id);
    at = block.end;
  }
  return out + reply.slice(at);
}
