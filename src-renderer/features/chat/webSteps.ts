// The web agent writes an action language for the engine (SEARCH:, OPEN:, NOTE:, DONE …). People
// should see what it did, not that language: this reads a reply into steps, notes and the summary
// after DONE. Same keyword tolerance as the engine's parser (case, bullets, bold, backticks).

export type WebStep = { kind: 'search'; query: string } | { kind: 'open'; target: string } | { kind: 'back' } | { kind: 'form'; form: string };

export interface WebReply {
  steps: WebStep[];
  notes: string[];
  /** The text after DONE, or null when the reply has no DONE. */
  summary: string | null;
}

const KEYWORD = /^\s*(?:[-*>]\s*)?(?:\*\*|`)?\s*(note|search|open|back|form|submit|done)\b\s*:?\s*(?:\*\*|`)?\s*:?\s*(.*)$/i;

const clean = (text: string): string => {
  const t = text.trim().replace(/`/g, '').replace(/\*\*$/, '').trim();
  const m = /^(["'“«])(.*)(["'”»])$/.exec(t);
  return (m ? m[2]! : t).trim();
};

export function readWebReply(text: string): WebReply {
  const out: WebReply = { steps: [], notes: [], summary: null };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = KEYWORD.exec(lines[i]!);
    if (!m) continue;
    const keyword = m[1]!.toLowerCase();
    const rest = clean(m[2]!);
    if (keyword === 'done') {
      out.summary = [m[2]!.trim(), ...lines.slice(i + 1)].join('\n').trim();
      break;
    }
    if (keyword === 'note' && rest) out.notes.push(rest);
    else if (keyword === 'search' && rest) out.steps.push({ kind: 'search', query: rest });
    else if (keyword === 'open' && rest) out.steps.push({ kind: 'open', target: rest.replace(/^(?:link|result|#)\s*/i, '').replace(/^\[(\d+)\]$/, '$1') });
    else if (keyword === 'back') out.steps.push({ kind: 'back' });
    else if (keyword === 'form' && rest) out.steps.push({ kind: 'form', form: rest });
  }
  return out;
}

/** Does this reply look like the web agent's action language at all (a fallback reply may not)? */
export const isWebProtocol = (r: WebReply): boolean => r.steps.length > 0 || r.notes.length > 0 || r.summary !== null;
