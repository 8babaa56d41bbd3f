// The file_finder tool: finds files by name or glob inside the workspace (never outside it) and
// reads text or PDF text within a size budget, or describes them.
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { toErrorData } from '../../common/errors.js';
import type { Block, Tool, ToolContext, ToolResult } from '../../core/ports.js';
import { resolveInWorkspace, workspaceRelative } from '../workspace/guard.js';
import { markCovering, untrustedSource } from '../workspace/untrusted.js';
import { grepFile, rangeOf, readRange } from './fileRanges.js';
import { searchAction, type KnowledgeSearch } from './fileSearch.js';

export interface FileFinderOptions {
  /** Characters of file content returned at most (default 40 000). */
  maxChars?: number;
  /** Files visited at most in one search (default 50 000). */
  maxVisited?: number;
  /** Files and folders the user marked untrusted (absolute real paths): reading one taints the session. */
  untrustedMarks?: () => readonly string[];
  /** The workspace's knowledge index, for action=search. */
  knowledge?: KnowledgeSearch;
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.venv', '__pycache__', '.cache']);
type Kind = 'text' | 'pdf' | 'binary';

/** A glob (`*`, `?`, `[…]`, `**`) as a regex over a relative path (with `/`) or a base name. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}

async function* walk(dir: string, root: string, budget: { left: number }): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (budget.left-- <= 0) return;
    const full = path.join(dir, entry.name);
    // Symlinked folders are not followed: the walk stays inside the workspace by construction.
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) yield* walk(full, root, budget);
    else if (entry.isFile() || entry.isSymbolicLink()) yield path.relative(root, full).split(path.sep).join('/');
  }
}

async function kindOf(file: string): Promise<Kind> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (head.includes(0)) return 'binary';
    // Mostly control bytes, or not UTF-8 at all, is not text a model can use.
    const text = head.toString('utf8');
    const bad = (text.match(/[\uFFFD\x01-\x08\x0E-\x1A]/g) ?? []).length;
    return bad > Math.max(8, text.length * 0.1) ? 'binary' : 'text';
  } finally {
    await handle.close();
  }
}

async function pdfText(file: string, maxChars: number): Promise<string> {
  // mupdf is ESM with top-level await and ~300 ms of WASM init: loaded only when a PDF is read.
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(await readFile(file), 'application/pdf');
  const pages: string[] = [];
  let length = 0;
  for (let i = 0; i < doc.countPages() && length <= maxChars; i++) {
    const text = doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
    pages.push(text);
    length += text.length;
  }
  return pages.join('\n');
}

const clip = (text: string, maxChars: number) => (text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n[… ${text.length - maxChars} more characters not shown]`);

async function findMatches(workspace: string, name: string, maxVisited: number): Promise<string[]> {
  const direct = await resolveInWorkspace(workspace, name);
  if (!/[*?[]/.test(name) && (await stat(direct).catch(() => null))) return [await workspaceRelative(workspace, direct)];
  const pattern = globToRegExp(name.replace(/^\.\//, ''));
  const byPath = name.includes('/');
  const root = await resolveInWorkspace(workspace, '.');
  const matches: string[] = [];
  for await (const relative of walk(root, root, { left: maxVisited })) {
    if (pattern.test(byPath ? relative : path.posix.basename(relative))) matches.push(relative);
  }
  // Shallow paths first: the file the user means is usually the nearest one.
  return matches.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

async function describe(workspace: string, relative: string): Promise<string> {
  const full = await resolveInWorkspace(workspace, relative);
  const info = await stat(full);
  const kind = info.isDirectory() ? 'directory' : await kindOf(full);
  return `${relative}\t${kind}\t${info.size} bytes\tmodified ${info.mtime.toISOString()}`;
}

async function readOne(workspace: string, relative: string, maxChars: number, marks: readonly string[]): Promise<Omit<ToolResult, 'durationMs' | 'savedTo'>> {
  const full = await resolveInWorkspace(workspace, relative);
  const untrusted = markCovering(full, marks) ? { untrusted: untrustedSource(relative) } : {};
  const info = await stat(full);
  if (info.isDirectory()) {
    const entries = await readdir(full);
    return { status: 'ok', exitCode: null, output: `${relative}/ contains:\n${entries.sort().join('\n')}`, ...untrusted };
  }
  const kind = await kindOf(full);
  if (kind === 'binary') {
    const feedback = `${relative} is a binary file (${info.size} bytes); file_finder reads only text and PDF files. Use action=info, or process it with code.`;
    return { status: 'failed', exitCode: null, output: '', feedback };
  }
  const text = kind === 'pdf' ? await pdfText(full, maxChars) : await readFile(full, 'utf8');
  return { status: 'ok', exitCode: null, output: `${relative}:\n${clip(text, maxChars)}`, ...untrusted };
}

export function createFileFinderTool(options: FileFinderOptions = {}): Tool {
  const maxChars = options.maxChars ?? 40_000;
  const maxVisited = options.maxVisited ?? 50_000;
  const run = async (block: Block, ctx: ToolContext): Promise<Omit<ToolResult, 'durationMs' | 'savedTo'>> => {
    const name = block.params.name?.trim();
    const action = (block.params.action ?? 'info').trim().toLowerCase();
    if (action === 'search') return searchAction(options.knowledge, block, ctx);
    if (!name) return { status: 'failed', exitCode: null, output: '', feedback: 'file_finder needs a `name=` line: a file name or a glob such as name=*.pdf.' };
    if (!['read', 'info', 'list', 'grep'].includes(action)) {
      return { status: 'failed', exitCode: null, output: '', feedback: `Unknown action "${action}": use action=read, action=info, action=list, action=grep or action=search.` };
    }
    let range;
    try {
      range = rangeOf(block.params);
    } catch (error) {
      return { status: 'failed', exitCode: null, output: '', feedback: (error as Error).message };
    }
    const matches = await findMatches(ctx.workspace, name, maxVisited);
    ctx.signal.throwIfAborted();
    if (matches.length === 0) return { status: 'failed', exitCode: null, output: '', feedback: `No file matching "${name}" was found in the workspace.` };
    if (action === 'list') return { status: 'ok', exitCode: null, output: matches.join('\n') };
    if (action === 'info') return { status: 'ok', exitCode: null, output: (await Promise.all(matches.slice(0, 50).map((m) => describe(ctx.workspace, m)))).join('\n') };
    const marks = options.untrustedMarks?.() ?? [];
    if (action === 'grep') return grepFile(ctx.workspace, matches[0]!, block.params.text ?? '', maxChars, marks);
    const read = range ? await readRange(ctx.workspace, matches[0]!, range, maxChars, marks) : await readOne(ctx.workspace, matches[0]!, maxChars, marks);
    const others = matches.length > 1 ? `\n\n(${matches.length - 1} other match(es): ${matches.slice(1, 10).join(', ')})` : '';
    return { ...read, output: read.output + (read.status === 'ok' ? others : '') };
  };
  return {
    tag: 'file_finder',
    async run(block, ctx) {
      const started = performance.now();
      try {
        const result = await run(block, ctx);
        if (result.output) ctx.onOutput(result.output.replace(/\n/g, '\r\n') + '\r\n');
        return { ...result, savedTo: null, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        const data = toErrorData(error);
        const status = data.code === 'CANCELLED' ? 'cancelled' : 'error';
        return { status, exitCode: null, output: '', savedTo: null, durationMs: Math.round(performance.now() - started), feedback: data.message };
      }
    },
  };
}
