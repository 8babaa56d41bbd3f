// What the router reads of a request. Its features are word and character n-grams averaged over
// the text: the opening says what is asked and the end often says what to do with it, while the
// middle of a long request is usually pasted material (a log, a file). Reading a bounded prefix and
// suffix keeps a 1 MB request as cheap to route as a short one.

export const ROUTE_HEAD_CHARS = 4000;
export const ROUTE_TAIL_CHARS = 2000;

export function routingText(text: string, head = ROUTE_HEAD_CHARS, tail = ROUTE_TAIL_CHARS): string {
  if (text.length <= head + tail) return text;
  // Cut at whitespace where one is near, so no word is split in two (it would become a false feature).
  const headEnd = cutAt(text, head, -1);
  const tailStart = cutAt(text, text.length - tail, 1);
  return `${text.slice(0, headEnd)}\n…\n${text.slice(tailStart)}`;
}

function cutAt(text: string, index: number, direction: -1 | 1): number {
  for (let i = index, steps = 0; steps < 40 && i > 0 && i < text.length; i += direction, steps++) {
    if (/\s/.test(text[i]!)) return i;
  }
  return index;
}
