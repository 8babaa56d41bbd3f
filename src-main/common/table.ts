// The tables of kinds (agents, code languages, providers) are `as const` arrays of rows; their ids
// become tuples of literals here, so that zod enums and the types derived from them follow the table.

type Row = { readonly id: string };
type Ids<R extends readonly Row[]> = { -readonly [K in keyof R]: R[K] extends { id: infer I } ? I : never };

/** The rows' ids, in table order, typed as the tuple of their literals (what `z.enum` needs). */
export function idsOf<const R extends readonly [Row, ...Row[]]>(rows: R): Ids<R> {
  return rows.map((r) => r.id) as Ids<R>;
}
