// A line diff (Myers' O(ND) greedy algorithm) grouped into unified-diff hunks. No diff package is
// installed, and the UI needs only this.
import type { DiffHunk } from '../../common/checkpoints.js';

type Op = ' ' | '+' | '-';

/** Edit script from a to b; when the two differ by more than maxEdits lines, the whole of a is replaced by b. */
export function diffLines(a: readonly string[], b: readonly string[], maxEdits = 1000): { op: Op; text: string }[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text) => ({ op: ' ' as Op, text }));
  const tail = a.slice(endA).map((text) => ({ op: ' ' as Op, text }));
  const middle = myers(a.slice(start, endA), b.slice(start, endB), maxEdits);
  return [...head, ...middle, ...tail];
}

function myers(a: readonly string[], b: readonly string[], maxEdits: number): { op: Op; text: string }[] {
  const n = a.length;
  const m = b.length;
  const replaceAll = () => [...a.map((text) => ({ op: '-' as Op, text })), ...b.map((text) => ({ op: '+' as Op, text }))];
  if (n === 0 || m === 0) return replaceAll();
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
  }
  return replaceAll();
}

function backtrack(trace: Int32Array[], a: readonly string[], b: readonly string[], offset: number, dEnd: number): { op: Op; text: string }[] {
  const out: { op: Op; text: string }[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ op: ' ', text: a[--x]! });
      y--;
    }
    if (down) out.push({ op: '+', text: b[--y]! });
    else out.push({ op: '-', text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    out.push({ op: ' ', text: a[--x]! });
    y--;
  }
  return out.reverse();
}

/** Groups an edit script into hunks with `context` unchanged lines around each change. */
export function toHunks(script: readonly { op: Op; text: string }[], context = 3): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  const changed = script.map((l, i) => (l.op === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return hunks;
  let i = 0;
  // Line numbers (1-based) before each script position.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 1;
  let nw = 1;
  for (const l of script) {
    oldAt.push(o);
    newAt.push(nw);
    if (l.op !== '+') o++;
    if (l.op !== '-') nw++;
  }
  while (i < changed.length) {
    const from = Math.max(0, changed[i]! - context);
    let to = Math.min(script.length - 1, changed[i]! + context);
    while (i + 1 < changed.length && changed[i + 1]! - context <= to + 1) {
      i++;
      to = Math.min(script.length - 1, changed[i]! + context);
    }
    const lines = script.slice(from, to + 1);
    hunks.push({
      oldStart: oldAt[from]!,
      oldLines: lines.filter((l) => l.op !== '+').length,
      newStart: newAt[from]!,
      newLines: lines.filter((l) => l.op !== '-').length,
      lines: lines.map((l) => ({ op: l.op, text: l.text })),
    });
    i++;
  }
  return hunks;
}

export const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/));
