// The text of word-processor XML (DOCX's word/document.xml, ODT's content.xml) as paragraphs with
// their page: both formats are flat enough for a tag scanner, and a DOM would cost far more memory
// on a long document. Pages are what the file records: DOCX's explicit page breaks and the breaks
// Word noted where it last laid the pages out (w:lastRenderedPageBreak), ODT's soft page breaks and
// paragraph styles that break before. A document saved without them is one page.
import type { DocLine } from './types.js';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

class Paragraphs {
  readonly lines: DocLine[] = [];
  page = 1;
  private lineOnPage = 0;
  private text = '';
  private heading = false;
  /** A page break already counted for the coming text (Word may note the same break twice). */
  private breakPending = false;

  start(heading: boolean): void {
    this.text = '';
    this.heading = heading;
  }
  add(text: string): void {
    this.text += text;
    if (text.trim()) this.breakPending = false;
  }
  pageBreak(rendered: boolean): void {
    if (rendered && this.breakPending) return;
    // A break before any text on the first page (a cover's leading break) still starts page 2.
    this.page++;
    this.lineOnPage = 0;
    this.breakPending = true;
  }
  setHeading(): void {
    this.heading = true;
  }
  end(): void {
    // Lines count the page's lines of text, as for PDFs: empty paragraphs (spacing, a page break's own) are not counted.
    for (const part of this.text.split('\n')) {
      if (part.trim()) this.lines.push({ text: part, page: this.page, line: ++this.lineOnPage, ...(this.heading ? { heading: true } : {}) });
    }
    this.text = '';
    this.heading = false;
  }
}

const TOKENS = /<[^>]*>|[^<]+/g;

export function docxLines(xml: string): DocLine[] {
  const out = new Paragraphs();
  let inText = false;
  for (const [token] of xml.matchAll(TOKENS)) {
    if (token[0] !== '<') {
      if (inText) out.add(decodeEntities(token));
      continue;
    }
    const name = /^<\/?([\w:]+)/.exec(token)?.[1] ?? '';
    const closing = token[1] === '/';
    if (name === 'w:p') {
      if (closing) out.end();
      else if (token.endsWith('/>')) out.end();
      else out.start(false);
    } else if (name === 'w:t') inText = !closing && !token.endsWith('/>');
    else if (name === 'w:pStyle' && /^(heading|title)/i.test(attr(token, 'w:val') ?? '')) out.setHeading();
    else if (name === 'w:pageBreakBefore' && attr(token, 'w:val') !== '0' && attr(token, 'w:val') !== 'false') out.pageBreak(false);
    else if (name === 'w:tab') out.add('\t');
    else if (name === 'w:br') {
      if (attr(token, 'w:type') === 'page') out.pageBreak(false);
      else out.add('\n');
    } else if (name === 'w:lastRenderedPageBreak') out.pageBreak(true);
  }
  return out.lines;
}

/** Names of ODT automatic paragraph styles that start a new page. */
function odtBreakStyles(xml: string): Set<string> {
  const styles = new Set<string>();
  for (const match of xml.matchAll(/<style:style\b[^>]*>[\s\S]*?<\/style:style>/g)) {
    const name = attr(match[0], 'style:name');
    if (name && /fo:break-before="page"/.test(match[0])) styles.add(name);
  }
  return styles;
}

export function odtLines(xml: string): DocLine[] {
  const out = new Paragraphs();
  const breaks = odtBreakStyles(xml);
  const body = xml.indexOf('<office:body');
  let depth = 0;
  for (const [token] of xml.slice(Math.max(0, body)).matchAll(TOKENS)) {
    if (token[0] !== '<') {
      if (depth > 0) out.add(decodeEntities(token));
      continue;
    }
    const name = /^<\/?([\w:-]+)/.exec(token)?.[1] ?? '';
    const closing = token[1] === '/';
    const empty = token.endsWith('/>');
    if (name === 'text:p' || name === 'text:h') {
      if (closing) {
        if (--depth === 0) out.end();
      } else {
        if (depth === 0 && breaks.has(attr(token, 'text:style-name') ?? '')) out.pageBreak(false);
        if (depth === 0) out.start(name === 'text:h');
        if (empty) out.end();
        else depth++;
      }
    } else if (name === 'text:soft-page-break') out.pageBreak(false);
    else if (name === 'text:s') out.add(' '.repeat(Number(attr(token, 'text:c') ?? 1) || 1));
    else if (name === 'text:tab') out.add('\t');
    else if (name === 'text:line-break') out.add('\n');
  }
  return out.lines;
}
