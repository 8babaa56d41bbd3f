/**
 * Models write one line per thought ("I will search first.\nSEARCH: …") and expect it to show as
 * written, as chat apps do. Markdown would join such lines into one paragraph: turn every single
 * newline outside fenced code into a hard break ("  \n"). Blank lines, lists and headings are kept.
 */
export function keepLineBreaks(markdown: string): string {
  let inFence = false;
  const lines = markdown.split('\n');
  return lines
    .map((line, i) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return line;
      }
      const next = lines[i + 1];
      const breaks = !inFence && line.trim() !== '' && next !== undefined && next.trim() !== '' && !/^\s*(```|~~~|[-*+] |\d+[.)] |#|>|\|)/.test(next);
      return breaks && !line.endsWith('  ') ? `${line}  ` : line;
    })
    .join('\n');
}
