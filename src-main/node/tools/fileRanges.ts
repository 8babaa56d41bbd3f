// file_finder's ranged reads and in-file search, for files larger than one read: `lines=`,
// `pages=` (PDF) or `chars=` pick a part, `action=grep` with `text=` finds the lines that hold a
// phrase. Results name their range so the model can cite it and ask for the next one.
import { AppError } from '../../common/errors.js';
import type { ToolResult } from '../../core/ports.js';
import { resolveInWorkspace } from '../workspace/guard.js';
import { readRegular } from '../workspace/safeRead.js';
import { markCovering, untrustedSource } from '../workspace/untrusted.js';

export type RangeKind = 'lines' | 'pages' | 'chars';
export interface RangeRequest {
  kind: RangeKind;
  /** lines and pages: 1-based and inclusive; chars: 0-based offsets, end exclusive. */
  from: number;
  to: number | null;
}
type Outcome = Omit<ToolResult, 'durationMs' | 'savedTo'>;

const MAX_GREP_MATCHES = 100;
const failed = (feedback: string): Outcome => ({ status: 'failed', exitCode: null, output: '', feedback });

/** The range a block asks for (`lines=10-40`, `pages=3`, `chars=0-5000`, `lines=200-`), null for none; throws on a malformed one. */
export function rangeOf(params: Record<string, string>): RangeRequest | null {
  const given = (['lines', 'pages', 'chars'] as const).filter((k) => params[k] !== undefined);
  if (given.length === 0) return null;
  if (given.length > 1) throw new RangeError(`Give one of lines=, pages= or chars=, not ${given.join(' and ')}.`);
  const kind = given[0]!;
  const m = /^\s*(\d+)\s*(?:(-|–|\.\.)\s*(\d*)\s*)?$/.exec(params[kind]!);
  if (!m) throw new RangeError(`${kind}=${params[kind]} is not a range: write ${kind}=START-END, ${kind}=START- or ${kind}=N.`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? (kind === 'chars' ? null : from) : m[3] ? Number(m[3]) : null;
  if (kind !== 'chars' && from < 1) throw new RangeError(`${kind} are numbered from 1.`);
  if (to !== null && to < from) throw new RangeError(`${kind}=${params[kind]}: the end comes before the start.`);
  return { kind, from, to };
}

const isPdf = (data: Buffer): boolean => data.subarray(0, 5).toString('latin1') === '%PDF-';

async function pdfPages(data: Buffer): Promise<{ count: number; page: (i: number) => string }> {
  // Loaded only when a PDF is read (WASM init is ~300 ms).
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  return { count: doc.countPages(), page: (i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText() };
}

const clip = (text: string, maxChars: number) => (text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n[… cut at ${maxChars} characters: ask for a smaller range]`);

function sliceText(text: string, range: RangeRequest, shown: string): string {
  if (range.kind === 'chars') {
    const end = Math.min(text.length, range.to ?? text.length);
    return `${shown}, characters ${range.from}–${end} of ${text.length}:\n${text.slice(range.from, end)}`;
  }
  const lines = text.split('\n');
  const end = Math.min(lines.length, range.to ?? lines.length);
  if (range.from > lines.length) return `${shown} has only ${lines.length} lines.`;
  return `${shown}, lines ${range.from}–${end} of ${lines.length}:\n${lines.slice(range.from - 1, end).join('\n')}`;
}

/**
 * The file's content, read through one descriptor: opened first (non-blocking, not following a link
 * put there since it was resolved), then its type checked on the descriptor. A stat of the path
 * before a blocking open let a named pipe swapped in between hang the open for good.
 */
async function regularFile(workspace: string, relative: string): Promise<{ full: string; data: Buffer } | Outcome> {
  const full = await resolveInWorkspace(workspace, relative);
  try {
    return { full, data: (await readRegular(full, relative, Number.MAX_SAFE_INTEGER, 0, true)).data };
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_INPUT') return failed(`${relative} is not a regular file: ranges and search read files only.`);
    throw error;
  }
}

/** A part of a text or PDF file. */
export async function readRange(workspace: string, relative: string, range: RangeRequest, maxChars: number, marks: readonly string[]): Promise<Outcome> {
  const file = await regularFile(workspace, relative);
  if ('status' in file) return file;
  const untrusted = markCovering(file.full, marks) ? { untrusted: untrustedSource(relative) } : {};
  if (isPdf(file.data)) {
    const pdf = await pdfPages(file.data);
    if (range.kind === 'pages') {
      const end = Math.min(pdf.count, range.to ?? pdf.count);
      if (range.from > pdf.count) return failed(`${relative} has only ${pdf.count} pages.`);
      const pages: string[] = [];
      for (let i = range.from; i <= end; i++) pages.push(`--- page ${i} ---\n${pdf.page(i - 1)}`);
      return { status: 'ok', exitCode: null, output: clip(`${relative}, pages ${range.from}–${end} of ${pdf.count}:\n${pages.join('\n')}`, maxChars), ...untrusted };
    }
    const all = Array.from({ length: pdf.count }, (_, i) => pdf.page(i)).join('\n');
    return { status: 'ok', exitCode: null, output: clip(sliceText(all, range, relative), maxChars), ...untrusted };
  }
  if (range.kind === 'pages') return failed(`${relative} is not a PDF: use lines= or chars= for text files.`);
  const text = file.data.toString('utf8');
  if (text.includes('\u0000')) return failed(`${relative} is a binary file; file_finder reads only text and PDF files.`);
  return { status: 'ok', exitCode: null, output: clip(sliceText(text, range, relative), maxChars), ...untrusted };
}

/** The lines of a file that hold `needle` (case-insensitive), with their numbers; PDF lines name their page. */
export async function grepFile(workspace: string, relative: string, needle: string, maxChars: number, marks: readonly string[]): Promise<Outcome> {
  if (!needle.trim()) return failed('action=grep needs a `text=` line: the words to find in the file.');
  const file = await regularFile(workspace, relative);
  if ('status' in file) return file;
  const untrusted = markCovering(file.full, marks) ? { untrusted: untrustedSource(relative) } : {};
  const want = needle.trim().toLowerCase();
  const hits: string[] = [];
  let total = 0;
  const scan = (text: string, label: (line: number) => string) => {
    text.split('\n').forEach((line, i) => {
      if (!line.toLowerCase().includes(want)) return;
      total += 1;
      if (hits.length < MAX_GREP_MATCHES) hits.push(`${label(i + 1)}: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
    });
  };
  if (isPdf(file.data)) {
    const pdf = await pdfPages(file.data);
    for (let p = 1; p <= pdf.count; p++) scan(pdf.page(p - 1), (l) => `page ${p} line ${l}`);
  } else {
    const text = file.data.toString('utf8');
    if (text.includes('\u0000')) return failed(`${relative} is a binary file; file_finder searches only text and PDF files.`);
    scan(text, (l) => `line ${l}`);
  }
  if (total === 0) return { status: 'ok', exitCode: null, output: `"${needle.trim()}" does not occur in ${relative}.`, ...untrusted };
  const more = total > hits.length ? `\n[… ${total - hits.length} more matches: search for a longer phrase]` : '';
  return { status: 'ok', exitCode: null, output: clip(`${total} line(s) of ${relative} hold "${needle.trim()}":\n${hits.join('\n')}${more}`, maxChars), ...untrusted };
}
