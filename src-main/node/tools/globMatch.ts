// Glob matching for file_finder without regular expressions. A glob as a backtracking regex costs
// time exponential in its number of `*` on a name that almost matches (a model wrote forty of
// them and the search never ended). Here a `*` is matched greedily and only the last one is ever
// resumed, within a path segment, and `**` the same way over whole segments: time grows with the
// product of the glob's and the name's lengths at worst, never with a power of the number of stars.

type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'class'; test: (c: string) => boolean };

/** `[…]` at `i` (with `!` or `^` negating): the class and the index after it, or null when unclosed. */
function parseClass(glob: string, i: number): { token: Token; next: number } | null {
  const end = glob.indexOf(']', i + 2);
  if (end === -1) return null;
  let body = glob.slice(i + 1, end);
  const negate = body.startsWith('!') || body.startsWith('^');
  if (negate) body = body.slice(1);
  const ranges: [number, number][] = [];
  for (let k = 0; k < body.length; k++) {
    const from = body.charCodeAt(k);
    if (body[k + 1] === '-' && k + 2 < body.length) {
      ranges.push([from, body.charCodeAt(k + 2)]);
      k += 2;
    } else ranges.push([from, from]);
  }
  const has = (c: string) => ranges.some(([a, b]) => c.charCodeAt(0) >= a && c.charCodeAt(0) <= b);
  const test = (c: string) => c !== '/' && (has(c) || has(c.toLowerCase()) || has(c.toUpperCase())) !== negate;
  return { token: { kind: 'class', test }, next: end + 1 };
}

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' }); // `**` inside a segment is one `*`
    } else if (c === '?') tokens.push({ kind: 'one' });
    else if (c === '[' && parseClass(segment, i)) {
      const { token, next } = parseClass(segment, i)!;
      tokens.push(token);
      i = next - 1;
    } else tokens.push({ kind: 'char', c: c.toLowerCase() });
  }
  return tokens;
}

/**
 * Greedy wildcard matching: `units` against `pattern`, where `isStar` marks the pattern items that
 * match any run of units and `one` matches one item against one unit. Resumes only the last star.
 */
function wildcard<P, U>(pattern: readonly P[], units: readonly U[], isStar: (p: P) => boolean, one: (p: P, u: U) => boolean): boolean {
  let p = 0;
  let u = 0;
  let star = -1;
  let resume = 0;
  while (u < units.length) {
    if (p < pattern.length && !isStar(pattern[p]!) && one(pattern[p]!, units[u]!)) {
      p++;
      u++;
    } else if (p < pattern.length && isStar(pattern[p]!)) {
      star = p++;
      resume = u;
    } else if (star !== -1) {
      p = star + 1;
      u = ++resume;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

const tokenMatches = (t: Token, c: string): boolean => (t.kind === 'one' ? c !== '/' : t.kind === 'char' ? t.c === c.toLowerCase() : t.kind === 'class' ? t.test(c) : false);

/** A matcher of `glob` (`*`, `?`, `[…]`, `**` as a whole segment) over a relative path with `/`, or a base name; case-insensitive. */
export function globMatcher(glob: string): (subject: string) => boolean {
  // Segments of the glob; `**` alone is a globstar (any number of whole segments), consecutive ones are one.
  const segments: (Token[] | 'globstar')[] = [];
  for (const part of glob.split('/')) {
    if (part === '**') {
      if (segments.at(-1) !== 'globstar') segments.push('globstar');
    } else segments.push(tokenize(part));
  }
  const segmentMatches = (tokens: Token[], name: string) =>
    wildcard(
      tokens,
      [...name],
      (t) => t.kind === 'star',
      (t, c) => tokenMatches(t, c),
    );
  return (subject) =>
    wildcard(
      segments,
      subject.split('/'),
      (s) => s === 'globstar',
      (s, name) => s !== 'globstar' && segmentMatches(s, name),
    );
}
