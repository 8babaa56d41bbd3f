// Lines into passages: a passage stays on one page and under one heading, and holds about a
// paragraph or two (~800 characters), small enough to cite precisely and to embed whole in a small
// embedding model's context, large enough to carry a thought. An overlong line (minified code, a
// PDF without line breaks) is cut into pieces that keep its line number.
import type { DocLine, Passage } from './types.js';

export const PASSAGE_CHARS = 800;

function* pieces(line: DocLine, max: number): Generator<DocLine> {
  if (line.text.length <= max) {
    yield line;
    return;
  }
  for (let at = 0; at < line.text.length; at += max) yield { ...line, text: line.text.slice(at, at + max) };
}

export function toPassages(lines: readonly DocLine[], max = PASSAGE_CHARS): Passage[] {
  const passages: Passage[] = [];
  let heading: string | null = null;
  let current: { page: number | null; start: number; end: number; text: string[]; size: number } | null = null;
  const flush = () => {
    if (current && current.size > 0) passages.push({ page: current.page, lineStart: current.start, lineEnd: current.end, heading, text: current.text.join('\n') });
    current = null;
  };
  for (const whole of lines) {
    for (const line of pieces(whole, max)) {
      const text = line.text.trimEnd();
      if (line.heading) {
        flush();
        heading = text
          .replace(/^#+\s*/, '')
          .trim()
          .slice(0, 200);
      }
      if (current && (current.page !== line.page || current.size + text.length > max)) flush();
      current ??= { page: line.page, start: line.line, end: line.line, text: [], size: 0 };
      current.text.push(text);
      current.size += text.length + 1;
      current.end = line.line;
    }
  }
  flush();
  return passages;
}
