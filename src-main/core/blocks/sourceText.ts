// Separates source code from its comments and string literals, so the refusal check and the approval
// policy look at real calls (`input(`) and never at words inside a comment or a printed string.

import type { SourceLanguage } from '../../common/languages.js';

export type { SourceLanguage };

export interface ScannedSource {
  /** The code with comments removed and each string literal replaced by a token `"§N"`. */
  code: string;
  /** The literals' contents, by N. */
  literals: string[];
}

/** The literal a `"§N"` token stands for. */
export function literalOf(scanned: ScannedSource, token: string): string | undefined {
  const m = /^"§(\d+)"$/.exec(token.trim());
  return m ? scanned.literals[Number(m[1])] : undefined;
}

function closingQuote(code: string, i: number, quote: string, escapes: boolean): number {
  for (let j = i; j < code.length; j++) {
    if (escapes && code[j] === '\\') j++;
    else if (code.startsWith(quote, j)) return j;
    else if (quote.length === 1 && quote !== '`' && code[j] === '\n') return j - 1;
  }
  return code.length;
}

/** `budget.tick()` runs once per character, so a caller with a deadline can stop a long scan (it throws). */
export function scanSource(source: string, language: SourceLanguage, budget?: { tick(): void }): ScannedSource {
  const literals: string[] = [];
  // Parts joined once at the end, and the last characters kept apart: slicing a string built by
  // `+=` flattens it, which made this quadratic (2.8 s for a 20,000-string list).
  const parts: string[] = [];
  let tail = '';
  let plain = '';
  const flush = () => {
    if (plain === '') return;
    parts.push(plain);
    tail = (tail + plain).slice(-3);
    plain = '';
  };
  const emit = (text: string) => {
    flush();
    parts.push(text);
    tail = (tail + text).slice(-3);
  };
  let i = 0;
  const lineComment = language === 'python' ? '#' : '//';
  while (i < source.length) {
    budget?.tick();
    const c = source[i]!;
    if (source.startsWith(lineComment, i)) {
      const nl = source.indexOf('\n', i);
      i = nl === -1 ? source.length : nl;
      continue;
    }
    if (language !== 'python' && source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      emit(' ');
      continue;
    }
    const triple = (language === 'python' && (source.startsWith('"""', i) || source.startsWith("'''", i))) || (language === 'java' && source.startsWith('"""', i));
    const isQuote = c === '"' || c === "'" || (language === 'go' && c === '`');
    if (triple || isQuote) {
      const quote = triple ? source.slice(i, i + 3) : c;
      // Python raw strings (r'…') keep backslashes; Go raw strings (`…`) have no escapes at all.
      flush();
      const raw = c === '`' || (language === 'python' && /[rR][bBfF]?$|[bBfF][rR]$/.test(tail.slice(-2)) && !/\w/.test(tail.slice(-3, -2)));
      const end = closingQuote(source, i + quote.length, quote, !raw);
      literals.push(source.slice(i + quote.length, end));
      emit(`"§${literals.length - 1}"`);
      i = Math.min(source.length, end + quote.length);
      continue;
    }
    plain += c;
    i++;
  }
  flush();
  return { code: parts.join(''), literals };
}
