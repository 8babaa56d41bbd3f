// The file_finder tool, declared and implemented here: finds files by name or glob inside the
// workspace (never outside it), reads text or PDF text within a size budget (or a range, or the
// lines that match), describes them, or searches the knowledge index. Confined to the workspace by
// its own path guard (resolveInWorkspace), so it reads without asking; a file the user marked
// untrusted taints through its result (`ToolResult.untrusted`).
import { constants } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { toErrorData } from '../../common/errors.js';
import type { UntrustedFile } from '../../common/settings.js';
import type { Block, Tool, ToolContext, ToolResult } from '../../core/ports.js';
import { resolveInWorkspace, workspaceRelative } from '../workspace/guard.js';
import { notAFile, notAFileMessage } from '../workspace/safeRead.js';
import { globMatcher } from './globMatch.js';
import { markCovering, untrustedSource } from '../workspace/untrusted.js';
import { isMarkedFile } from '../workspace/untrustedFiles.js';
import { grepFile, rangeOf, readRange } from './fileRanges.js';
import { searchAction, type KnowledgeSearch } from './fileSearch.js';
import { defineTool } from '../../core/tools/defineTool.js';

export const FILE_FINDER = defineTool({
  tag: 'file_finder',
  aliases: ['file-finder', 'filefinder', 'file_search', 'finder'],
  invokedBy: 'block',
  agents: ['coder', 'file'],
  prompt: 'tools/file_finder',
  input: 'key-value',
  policy: { effect: 'reads', network: 'none', resultsToModel: true, untrustedOutput: null, check: 'none', boundsOwnOutput: true },
  summary: 'Finds and reads files in the workspace.',
});

export interface FileFinderOptions {
  /** Characters of file content returned at most (default 40 000). */
  maxChars?: number;
  /** Files visited at most in one search (default 50 000). */
  maxVisited?: number;
  /** Files and folders the user marked untrusted (absolute real paths): reading one taints the session. */
  untrustedMarks?: () => readonly string[];
  /** The marked files by identity: a marked file read under another name (renamed, linked, copied) taints too. */
  untrustedFiles?: () => readonly UntrustedFile[];
  /** The workspace's knowledge index, for action=search. */
  knowledge?: KnowledgeSearch;
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.venv', '__pycache__', '.cache']);
type Kind = 'text' | 'pdf' | 'binary';

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
  // Non-blocking: a named pipe put in the file's place after its stat must not hang the open (safeRead.ts).
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) return 'binary';
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
  // A glob is never a path to resolve (a long one is not even a valid path).
  if (!/[*?[]/.test(name)) {
    const direct = await resolveInWorkspace(workspace, name);
    if (await stat(direct).catch(() => null)) return [await workspaceRelative(workspace, direct)];
  }
  // Not a regex: a glob of many `*` must not backtrack exponentially (globMatch.ts).
  const matchesGlob = globMatcher(name.replace(/^\.\//, ''));
  const byPath = name.includes('/');
  const root = await resolveInWorkspace(workspace, '.');
  const matches: string[] = [];
  for await (const relative of walk(root, root, { left: maxVisited })) {
    if (matchesGlob(byPath ? relative : path.posix.basename(relative))) matches.push(relative);
  }
  // Shallow paths first: the file the user means is usually the nearest one.
  return matches.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

async function describe(workspace: string, relative: string): Promise<string> {
  const full = await resolveInWorkspace(workspace, relative);
  const info = await stat(full);
  const kind = info.isDirectory() ? 'directory' : (notAFile(info) ?? (await kindOf(full)));
  return `${relative}\t${kind}\t${info.size} bytes\tmodified ${info.mtime.toISOString()}`;
}

async function readOne(workspace: string, relative: string, maxChars: number, marks: readonly string[]): Promise<Omit<ToolResult, 'durationMs' | 'savedTo'>> {
  const full = await resolveInWorkspace(workspace, relative);
  const untrusted = markCovering(full, marks) ? { untrusted: untrustedSource(relative) } : {};
  const info = await stat(full);
  const what = notAFile(info);
  if (what) return { status: 'failed', exitCode: null, output: '', feedback: `${notAFileMessage(relative, what)} file_finder reads text and PDF files.` };
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
    // A marked file read under another name (renamed, hard-linked, copied) taints like the marked one (untrustedFiles.ts).
    const byIdentity = async <R extends { status: ToolResult['status']; untrusted?: string }>(result: R): Promise<R> =>
      result.status === 'ok' && !result.untrusted && (await isMarkedFile(await resolveInWorkspace(ctx.workspace, matches[0]!), options.untrustedFiles?.() ?? []))
        ? { ...result, untrusted: untrustedSource(`${matches[0]!}, the same file as one you marked`) }
        : result;
    if (action === 'grep') return byIdentity(await grepFile(ctx.workspace, matches[0]!, block.params.text ?? '', maxChars, marks));
    const read = await byIdentity(range ? await readRange(ctx.workspace, matches[0]!, range, maxChars, marks) : await readOne(ctx.workspace, matches[0]!, maxChars, marks));
    const others = matches.length > 1 ? `\n\n(${matches.length - 1} other match(es): ${matches.slice(1, 10).join(', ')})` : '';
    return { ...read, output: read.output + (read.status === 'ok' ? others : '') };
  };
  return {
    definition: FILE_FINDER,
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
