// Joins the command groups of the domains into one object, refusing a command served twice. With
// plain spreads a later group would silently replace an earlier group's handler: re-wiring by
// accident, the thing the composition root must not do.
type Joined<T extends readonly object[]> = T extends readonly [infer Head, ...infer Rest extends readonly object[]] ? Head & Joined<Rest> : unknown;

export function servedOnce<T extends readonly object[]>(...groups: T): Joined<T> {
  const joined: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [command, handler] of Object.entries(group)) {
      if (Object.hasOwn(joined, command)) throw new Error(`Two modules serve the command ${command}: each command has one handler.`);
      joined[command] = handler;
    }
  }
  return joined as Joined<T>;
}
