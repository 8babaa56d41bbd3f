// Separates source code from its comments and string literals, so the refusal check and the approval
// policy look at real calls (`input(`) and never at words inside a comment or a printed string.

export type SourceLanguage = 'python' | 'c' | 'go' | 'java';

export interface ScannedSource {
  /** The code with comments removed and each string literal replaced by a token `"§N"`. */
  code: string;
  /** The literals' contents, by N. */
  literals: string[];
}

const TOKEN_RE = /"§(\d+)"/g;

/** The literal a `"§N"` token stands for. */
export function literalOf(scanned: ScannedSource, token: string): string | undefined {
  const m = /^"§(\d+)"$/.exec(token.trim());
  return m ? scanned.literals[Number(m[1])] : undefined;
}

/** Replaces literal tokens by their contents, quoted, to show a fragment to a person. */
export function restoreLiterals(scanned: ScannedSource, fragment: string): string {
  return fragment.replace(TOKEN_RE, (_, n: string) => JSON.stringify(scanned.literals[Number(n)] ?? ''));
}

function closingQuote(code: string, i: number, quote: string, escapes: boolean): number {
  for (let j = i; j < code.length; j++) {
    if (escapes && code[j] === '\\') j++;
    else if (code.startsWith(quote, j)) return j;
    else if (quote.length === 1 && quote !== '`' && code[j] === '\n') return j - 1;
  }
  return code.length;
}

export function scanSource(source: string, language: SourceLanguage): ScannedSource {
  const literals: string[] = [];
  let code = '';
  let i = 0;
  const lineComment = language === 'python' ? '#' : '//';
  while (i < source.length) {
    const c = source[i]!;
    if (source.startsWith(lineComment, i)) {
      const nl = source.indexOf('\n', i);
      i = nl === -1 ? source.length : nl;
      continue;
    }
    if (language !== 'python' && source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      code += ' ';
      continue;
    }
    const triple = (language === 'python' && (source.startsWith('"""', i) || source.startsWith("'''", i))) || (language === 'java' && source.startsWith('"""', i));
    const isQuote = c === '"' || c === "'" || (language === 'go' && c === '`');
    if (triple || isQuote) {
      const quote = triple ? source.slice(i, i + 3) : c;
      // Python raw strings (r'…') keep backslashes; Go raw strings (`…`) have no escapes at all.
      const raw = c === '`' || (language === 'python' && /[rR][bBfF]?$|[bBfF][rR]$/.test(code.slice(-2)) && !/\w/.test(code.slice(-3, -2)));
      const end = closingQuote(source, i + quote.length, quote, !raw);
      literals.push(source.slice(i + quote.length, end));
      code += `"§${literals.length - 1}"`;
      i = Math.min(source.length, end + quote.length);
      continue;
    }
    code += c;
    i++;
  }
  return { code, literals };
}
