// What a turn shows besides its replies and blocks, in one shape for the live view and the stored
// record: the engine keeps these as the events pass (core/engine/turnRecorder.ts), the renderer
// folds them from the events, and a turn reloaded from the store shows the same.
import { z } from 'zod';

export const PageVisitSchema = z.object({ url: z.string(), title: z.string() });
export type PageVisit = z.infer<typeof PageVisitSchema>;
export const CompactionSchema = z.object({ beforeTokens: z.number(), afterTokens: z.number() });

/** The live-only parts of a turn, stored with its record. */
export const TurnExtrasSchema = z.object({
  /** The error's code when the turn failed (its message is the record's `error`). */
  errorCode: z.string().nullable().default(null),
  /** The http(s) pages the web agent visited, in order, without repeats in a row. */
  pages: z.array(PageVisitSchema).default([]),
  compacted: CompactionSchema.nullable().default(null),
});
export type TurnExtras = z.infer<typeof TurnExtrasSchema>;

/** Terminal text kept per block (the engine caps output near 1 MiB already). */
export const TERMINAL_KEEP_CHARS = 2 * 1024 * 1024;
const TRUNCATED_NOTE = '\r\n[output truncated in the view]\r\n';

/** A block's terminal text with `data` appended, kept within TERMINAL_KEEP_CHARS. */
export function appendTerminal(current: string, data: string): string {
  if (current.length >= TERMINAL_KEEP_CHARS) return current;
  const next = current + data;
  return next.length < TERMINAL_KEEP_CHARS ? next : next.slice(0, TERMINAL_KEEP_CHARS) + TRUNCATED_NOTE;
}

/** Adds a visited page unless it is the one visited last (a reload, a redirect to itself). */
export const withPage = (pages: readonly PageVisit[], page: PageVisit): PageVisit[] => (pages.at(-1)?.url === page.url ? [...pages] : [...pages, page]);

/** Only web pages count as visits (not about:blank, data: or the app's own pages). */
export const isWebPage = (url: string): boolean => /^https?:/.test(url);
