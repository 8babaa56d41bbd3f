// The port the MCP server's search_workspace tool uses, and its fallback adapter: file names (the
// file_finder tool's glob search) and a plain text scan of file contents. Where the app lends its
// workspace knowledge index (indexSearch.ts) that answers instead; the tool does not change.
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../core/ports.js';
import { resolveInWorkspace } from '../workspace/guard.js';
import { FILE_FINDER } from '../tools/fileFinder.js';

export interface WorkspaceHit {
  /** Workspace-relative, with `/`. */
  path: string;
  /** 1-based line of a content match; null when the name matched. */
  line: number | null;
  /** The matching line, trimmed; for a name match, the path. */
  text: string;
}

export interface WorkspaceSearch {
  search(query: string, options: { workspace: string; limit: number; signal: AbortSignal }): Promise<WorkspaceHit[]>;
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.venv', '__pycache__', '.cache']);
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 20_000;

async function* files(dir: string, root: string, budget: { left: number }): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (budget.left-- <= 0) return;
    const full = path.join(dir, entry.name);
    // Symlinks are not followed: the scan stays inside the workspace.
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) yield* files(full, root, budget);
    else if (entry.isFile()) yield path.relative(root, full).split(path.sep).join('/');
  }
}

async function textOf(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_FILE_BYTES) return null;
    const buffer = Buffer.alloc(size);
    await handle.read(buffer, 0, size, 0);
    return buffer.includes(0) ? null : buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Names through file_finder (`*query*`, list), then lines that contain the query, case-insensitively. */
export function createFileScanSearch(fileFinder: Tool): WorkspaceSearch {
  return {
    async search(query, { workspace, limit, signal }) {
      const hits: WorkspaceHit[] = [];
      const glob = `**/*${query.replace(/[*?[\]]/g, '')}*`;
      const listed = await fileFinder.run(
        { id: 'mcp-search', tag: FILE_FINDER.tag, code: '', savePath: null, params: { name: glob, action: 'list' }, start: 0, end: 0 },
        { workspace, signal, turnId: 'mcp', blockId: 'mcp-search', onOutput: () => undefined, timeoutMs: 30_000 },
      );
      if (listed.status === 'ok') for (const p of listed.output.split('\n').filter(Boolean)) hits.push({ path: p, line: null, text: p });
      const needle = query.toLowerCase();
      const root = await resolveInWorkspace(workspace, '.');
      for await (const relative of files(root, root, { left: MAX_FILES })) {
        if (hits.length >= limit) break;
        signal.throwIfAborted();
        const text = await textOf(path.join(root, relative)).catch(() => null);
        if (text === null || !text.toLowerCase().includes(needle)) continue;
        const lines = text.split('\n');
        for (let i = 0; i < lines.length && hits.length < limit; i++) {
          if (lines[i]!.toLowerCase().includes(needle)) hits.push({ path: relative, line: i + 1, text: lines[i]!.trim().slice(0, 300) });
        }
      }
      return hits.slice(0, limit);
    },
  };
}

/** The workspace's files (relative paths, `/`), in name order, at most `limit`: the MCP resources. */
export async function listWorkspaceFiles(workspace: string, limit: number): Promise<string[]> {
  const root = await resolveInWorkspace(workspace, '.');
  const out: string[] = [];
  for await (const relative of files(root, root, { left: MAX_FILES })) {
    out.push(relative);
    if (out.length >= limit) break;
  }
  return out;
}
