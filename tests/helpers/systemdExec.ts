// Reads a generated service unit the way systemd does (systemd.syntax(7), systemd.service(5)), to
// start its ExecStart= command line exactly as the user's systemd would.

/** Splits one ExecStart=/Environment= value into words: double or single quotes, C escapes, %% and $$. */
export function systemdWords(value: string): string[] {
  const words: string[] = [];
  let i = 0;
  const escapes: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', '"': '"', "'": "'", ' ': ' ' };
  while (i < value.length) {
    while (value[i] === ' ') i++;
    if (i >= value.length) break;
    let word = '';
    const quote = value[i] === '"' || value[i] === "'" ? value[i++] : null;
    while (i < value.length && (quote ? value[i] !== quote : value[i] !== ' ')) {
      if (value[i] === '\\') {
        const next = value[i + 1]!;
        if (!(next in escapes)) throw new Error(`unsupported escape \\${next}`);
        word += escapes[next];
        i += 2;
      } else word += value[i++];
    }
    if (quote) {
      if (value[i] !== quote) throw new Error('unterminated quote');
      i++;
    }
    words.push(word);
  }
  return words;
}

/** `%%` is a literal %, `$$` a literal $ (ExecStart only); other specifiers are not in our units. */
const unspecify = (word: string, dollars: boolean) => {
  if (/%[^%]/.test(word.replace(/%%/g, ''))) throw new Error(`unexpected specifier in ${word}`);
  const out = word.replace(/%%/g, '%');
  return dollars ? out.replace(/\$\$/g, '$') : out;
};

/** The program, arguments and environment a service unit starts. */
export function execStartOf(unit: string): { argv: string[]; env: Record<string, string> } {
  const lines = unit.split('\n');
  const execs = lines.filter((l) => l.startsWith('ExecStart='));
  if (execs.length !== 1) throw new Error(`expected one ExecStart=, found ${execs.length}`);
  const argv = systemdWords(execs[0]!.slice('ExecStart='.length)).map((w) => unspecify(w, true));
  const env: Record<string, string> = {};
  for (const line of lines.filter((l) => l.startsWith('Environment='))) {
    for (const assignment of systemdWords(line.slice('Environment='.length)).map((w) => unspecify(w, false))) {
      const eq = assignment.indexOf('=');
      env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
    }
  }
  return { argv, env };
}
