// Texts larger than the model's context: cut into pieces that each fit (by lines, so every piece
// can be cited by its line range), and described by a short handle the model can act on.

export interface Piece {
  /** 1-based. */
  index: number;
  /** 1-based, inclusive line range of the source text. */
  startLine: number;
  endLine: number;
  text: string;
}

export type CountTokens = (text: string) => Promise<number>;

/** Characters per token of this text for this tokenizer, measured on a sample (one call, not one per line). */
async function charsPerToken(text: string, count: CountTokens): Promise<number> {
  const sample = text.length <= 32_000 ? text : text.slice(0, 16_000) + text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + 16_000);
  const tokens = await count(sample);
  return tokens > 0 ? sample.length / tokens : 4;
}

/** Splits one over-long line (no newline for a whole piece) at the last space before the limit. */
function splitLongLine(line: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > maxChars / 2 ? space + 1 : maxChars;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

/**
 * Pieces of at most `maxTokens` tokens (checked with the tokenizer, not only estimated). A line
 * longer than a piece is split inside itself and each part cites that line.
 */
export async function splitIntoPieces(text: string, maxTokens: number, count: CountTokens): Promise<Piece[]> {
  if (maxTokens < 16) throw new Error(`a piece must hold at least 16 tokens (got ${maxTokens})`);
  const ratio = await charsPerToken(text, count);
  let maxChars = Math.max(64, Math.floor(maxTokens * ratio * 0.9));
  for (let attempt = 0; attempt < 6; attempt++) {
    const pieces = cutByChars(text, maxChars);
    let worst = 0;
    for (const p of pieces) worst = Math.max(worst, (await count(p.text)) / maxTokens);
    if (worst <= 1) return pieces;
    // Some part of the text is denser than the sample: shrink and cut again.
    maxChars = Math.max(32, Math.floor((maxChars / worst) * 0.95));
  }
  throw new Error('the text could not be cut into pieces that fit the context');
}

function cutByChars(text: string, maxChars: number): Piece[] {
  const lines = text.split('\n');
  const pieces: Piece[] = [];
  let buf: string[] = [];
  let size = 0;
  let start = 1;
  const flush = (end: number) => {
    if (buf.length === 0) return;
    pieces.push({ index: pieces.length + 1, startLine: start, endLine: end, text: buf.join('\n') });
    buf = [];
    size = 0;
  };
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    if (line.length > maxChars) {
      flush(lineNo - 1);
      for (const part of splitLongLine(line, maxChars)) pieces.push({ index: pieces.length + 1, startLine: lineNo, endLine: lineNo, text: part });
      start = lineNo + 1;
      return;
    }
    if (size + line.length + 1 > maxChars) {
      flush(lineNo - 1);
      start = lineNo;
    }
    buf.push(line);
    size += line.length + 1;
  });
  flush(lines.length);
  return pieces;
}

export const lineRange = (p: Pick<Piece, 'startLine' | 'endLine'>): string => (p.startLine === p.endLine ? `line ${p.startLine}` : `lines ${p.startLine}–${p.endLine}`);

/** The line that starts each page of text extracted from a PDF (node/workspace/inputFiles.ts writes it). */
export const pageMark = (page: number): string => `[page ${page}]`;
const PAGE_MARK = /^\[page (\d+)\]$/;

/** For text with page marks, the page a line (1-based) is on; null for text without them. */
export function pageIndex(text: string): ((line: number) => number) | null {
  const starts: { line: number; page: number }[] = [];
  let line = 1;
  for (let at = 0; at <= text.length; line++) {
    const end = text.indexOf('\n', at);
    const m = PAGE_MARK.exec(text.slice(at, end === -1 ? text.length : end));
    if (m) starts.push({ line, page: Number(m[1]) });
    if (end === -1) break;
    at = end + 1;
  }
  if (starts.length === 0) return null;
  return (target) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]!.line <= target) lo = mid;
      else hi = mid - 1;
    }
    return starts[lo]!.page;
  };
}

/** Where a part is: its pages (text from a PDF) and its lines, which the answer cites. */
export function placeOf(p: Pick<Piece, 'startLine' | 'endLine'>, pageAt: ((line: number) => number) | null): string {
  if (!pageAt) return lineRange(p);
  const first = pageAt(p.startLine);
  const last = pageAt(p.endLine);
  return `${first === last ? `page ${first}` : `pages ${first}–${last}`}, ${lineRange(p)}`;
}

/** Headings (Markdown, numbered, or all-caps lines) with their line numbers: what the text is about at a glance. */
export function outline(text: string, max = 12): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && found.length < max; i++) {
    const line = lines[i]!.trim();
    if (line.length < 3 || line.length > 100) continue;
    const heading = /^#{1,4}\s+\S/.test(line) || /^(chapter|part|section|chapitre|kapitel|capítulo)\b/i.test(line) || /^\d+(\.\d+)*\.?\s+\p{Lu}/u.test(line);
    if (heading) found.push(`line ${i + 1}: ${line.replace(/^#+\s*/, '')}`);
  }
  return found;
}

export interface StoredText {
  /** Workspace-relative path of the file holding the text. */
  path: string;
  text: string;
  tokens: number;
}

/** The short text the model receives in place of a stored input or tool output. */
export function describeStored(what: string, stored: StoredText, firstLines = 8): string {
  const lines = stored.text.split('\n');
  const head = lines
    .slice(0, firstLines)
    .map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l))
    .join('\n');
  const sections = outline(stored.text);
  return [
    `[${what} was too large for the model's context and is stored in the workspace as ${stored.path}: ${stored.text.length} characters, ${lines.length} lines, about ${stored.tokens} tokens.`,
    sections.length ? `Outline:\n${sections.join('\n')}` : '',
    `First lines:\n${head}`,
    `Read it by ranges with file_finder (name=${stored.path}, action=read, lines=1-200) or find words in it (action=grep, text=…).]`,
  ]
    .filter(Boolean)
    .join('\n');
}

const COUNT_CHUNK_CHARS = 32_768;

/**
 * Tokens of a long text, counted in chunks cut at line ends (a tokenizer call is synchronous: one
 * call over a megabyte would hold the event loop for a second or more). Stops early once past
 * `stopAbove`. A token split across two chunks may be counted twice: the sum errs high, by a
 * token a chunk at most.
 */
export async function countChunked(text: string, count: CountTokens, stopAbove = Infinity): Promise<number> {
  let total = 0;
  for (let start = 0; start < text.length && total <= stopAbove;) {
    let end = Math.min(text.length, start + COUNT_CHUNK_CHARS);
    const newline = end < text.length ? text.lastIndexOf('\n', end - 1) : -1;
    if (newline > start) end = newline + 1;
    total += await count(text.slice(start, end));
    start = end;
    // Let other work (events, other sessions) run between chunks.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  return total;
}
