// Page text on its way to the model: cut to a token budget, short fragments dropped, and wrapped in
// delimiters the page cannot forge (a per-run nonce, and any delimiter look-alike in the text defused).

/** Rough token count for budgeting when the exact tokenizer is not worth a call: ~4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Cuts text to about `maxTokens`, at a paragraph or line end when one is near, and says it was cut. */
export function cutToTokenBudget(text: string, maxTokens: number): { text: string; cut: boolean } {
  const maxChars = Math.max(0, Math.floor(maxTokens * 4));
  if (text.length <= maxChars) return { text, cut: false };
  const head = text.slice(0, maxChars);
  const paragraph = head.lastIndexOf('\n\n');
  const line = head.lastIndexOf('\n');
  const end = paragraph > maxChars * 0.7 ? paragraph : line > maxChars * 0.7 ? line : maxChars;
  return { text: head.slice(0, end).trimEnd() + '\n[… page cut to fit the context]', cut: true };
}

const KEEP_SHORT = /^(#{1,6}\s|\s*[-*+]\s+\[|\s*\||\[image:|```)/;

/** Drops short stray lines (button labels, "Share", "Menu") that carry no content; keeps headings, tables, link lists. */
export function dropShortFragments(markdown: string, minWords = 3): string {
  const lines = markdown.split('\n');
  const kept = lines.filter((line) => {
    const trimmed = line.trim();
    if (trimmed === '' || KEEP_SHORT.test(line)) return true;
    const words = trimmed
      .replace(/[*_`>#\-[\]()]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    return words.length >= minWords || /\d/.test(trimmed);
  });
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD]/g;

/**
 * Wraps web text for the model. The fence carries a nonce the page never saw, and any text that
 * looks like a fence is rewritten, so page text cannot close the block and pose as instructions.
 */
export function wrapUntrusted(text: string, source: string, nonce: string): string {
  const safe = (s: string) =>
    s
      .replace(INVISIBLE, '')
      .replace(/<{2,}|>{2,}/g, (m) => (m[0] === '<' ? '‹‹' : '››'))
      .replace(/UNTRUSTED[-_ ]?DATA/gi, 'untrusted data');
  return `<<<UNTRUSTED-DATA ${nonce} source="${safe(source).replace(/"/g, "'")}">>>\n${safe(text)}\n<<<END-UNTRUSTED-DATA ${nonce}>>>`;
}

/** A short random nonce for one run's untrusted-data fences. */
export function newNonce(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}
