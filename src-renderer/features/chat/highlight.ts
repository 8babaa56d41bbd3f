/** A small, dependency-free highlighter: enough to tell keywords, strings, comments and numbers apart. */
import { CODE_LANGUAGES } from '../../../src-main/common/languages.js';

export type TokenKind = 'keyword' | 'string' | 'comment' | 'number' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'if else elif for while do return def class import from as with try except finally raise lambda pass break continue ' +
    'yield in is not and or None True False function const let var new this async await export default switch case ' +
    'public private protected static void int float double char long short bool boolean string struct package func go ' +
    'defer chan map range type interface fi then done esac echo local include define null true false nil print fn use impl mut'
  ).split(' '),
);
// The agents' languages by their table (names and extensions both appear as fence tags), then others people paste.
const HASH_COMMENT = new Set([...CODE_LANGUAGES.flatMap((l) => (l.hashComments ? [l.id, ...l.extensions] : [])), 'shell', 'zsh', 'ruby', 'rb', 'yaml', 'yml', 'toml', 'r', 'perl']);

const PATTERN = /(\/\*[\s\S]*?\*\/|\/\/[^\n]*|#[^\n]*)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_]\w*)/g;

export function highlight(code: string, language: string): Token[] {
  const hashComments = HASH_COMMENT.has(language.toLowerCase());
  const tokens: Token[] = [];
  const re = new RegExp(PATTERN.source, 'g');
  let last = 0;
  const push = (kind: TokenKind, text: string) => {
    const prev = tokens.at(-1);
    if (prev && prev.kind === kind) prev.text += text;
    else tokens.push({ kind, text });
  };
  for (let m = re.exec(code); m !== null; m = re.exec(code)) {
    const [text, comment, str, num, word] = m;
    if (comment && comment.startsWith('#') && !hashComments) {
      // '#' is not a comment here (C preprocessor, CSS colours): keep scanning inside it.
      re.lastIndex = m.index + 1;
      push('plain', code.slice(last, m.index + 1));
      last = m.index + 1;
      continue;
    }
    if (m.index > last) push('plain', code.slice(last, m.index));
    if (comment) push('comment', text);
    else if (str) push('string', text);
    else if (num) push('number', text);
    else push(word && KEYWORDS.has(word) ? 'keyword' : 'plain', text);
    last = m.index + text.length;
  }
  if (last < code.length) push('plain', code.slice(last));
  return tokens;
}
