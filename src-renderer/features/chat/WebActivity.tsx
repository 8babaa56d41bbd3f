import type { CallView, TurnView } from '../../state/types.js';
import { isWebProtocol, readWebReply, type WebStep } from './webSteps.js';

const stepText = (s: WebStep): string =>
  s.kind === 'search'
    ? `Searched “${s.query}”`
    : s.kind === 'open'
      ? `Opened ${/^\d+$/.test(s.target) ? `result ${s.target}` : s.target}`
      : s.kind === 'back'
        ? 'Went back'
        : `Filled in form ${s.form}`;

/**
 * What the web agent did in this turn, in place of its action language: searches, the pages it
 * visited (from the browser's own navigation, so they are real addresses) and the notes it took.
 */
export function WebActivity({ turn, calls }: { turn: TurnView; calls: CallView[] }) {
  const replies = calls.map((c) => readWebReply(c.text));
  const searches = replies.flatMap((r) => r.steps.filter((s) => s.kind !== 'open'));
  const opens = replies.flatMap((r) => r.steps.filter((s) => s.kind === 'open'));
  const notes = replies.flatMap((r) => r.notes);
  const working = turn.status === 'running';
  if (searches.length + opens.length + notes.length + turn.pages.length === 0 && !working) return null;
  return (
    <details className="web-activity" data-testid="web-activity" open={working || undefined}>
      <summary>
        {working ? 'Browsing…' : 'Browsed'} · {turn.pages.length || opens.length} page{(turn.pages.length || opens.length) === 1 ? '' : 's'}
        {notes.length > 0 && ` · ${notes.length} note${notes.length === 1 ? '' : 's'}`}
      </summary>
      <ul className="web-steps">
        {searches.map((s, i) => (
          <li key={`s${i}`} data-testid="web-step">
            <span className="web-kind">search</span> {stepText(s)}
          </li>
        ))}
        {turn.pages.length > 0
          ? turn.pages.map((p, i) => (
              <li key={`p${i}`} data-testid="web-page">
                <span className="web-kind">page</span>{' '}
                <a href={p.url} target="_blank" rel="noreferrer noopener">
                  {p.title || p.url}
                </a>
              </li>
            ))
          : opens.map((s, i) => (
              <li key={`o${i}`} data-testid="web-step">
                <span className="web-kind">page</span> {stepText(s)}
              </li>
            ))}
      </ul>
      {notes.length > 0 && (
        <ul className="web-notes" data-testid="web-notes">
          {notes.map((n, i) => (
            <li key={i}>
              <span className="web-kind">note</span> {n}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** A web call's text that is meant for people: its summary while the turn has no final answer yet. */
export function webCallText(call: CallView, turnDone: boolean): string {
  const reply = readWebReply(call.text);
  if (!isWebProtocol(reply)) return call.text;
  return turnDone ? '' : (reply.summary ?? '');
}
