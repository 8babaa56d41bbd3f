/** What the rules found in one block: reasons to ask the user, and reasons to refuse outright. */
export interface Findings {
  ask: string[];
  deny: string[];
}

export function merge(into: Findings, from: Findings): void {
  for (const a of from.ask) into.ask.push(a);
  for (const d of from.deny) into.deny.push(d);
}
