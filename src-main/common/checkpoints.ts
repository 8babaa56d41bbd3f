// Checkpoints: what a turn changed in the workspace, as the UI, the CLI and the store see it.
import { z } from 'zod';

/** One path's state: a file (by content hash), a folder or a symbolic link (by its target, never followed). */
export const FsEntrySchema = z.object({
  kind: z.enum(['file', 'dir', 'link']),
  /** Permission bits (mode & 0o7777). */
  mode: z.number().int().min(0).max(0o7777),
  size: z.number().int().min(0),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  ino: z.number(),
  /** sha256 of a file's bytes; null when the file is over the size limit (recorded, not kept). */
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  target: z.string().optional(),
});
export type FsEntry = z.infer<typeof FsEntrySchema>;

export const CHANGE_KINDS = ['created', 'modified', 'deleted', 'renamed', 'mode'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const SideSchema = z.object({ kind: z.enum(['file', 'dir', 'link']), size: z.number(), mode: z.number(), hash: z.string().nullable(), target: z.string().optional() });

/** One change as shown: a rename is one change (from → path). */
export const ChangeViewSchema = z.object({
  path: z.string(),
  from: z.string().optional(),
  kind: z.enum(CHANGE_KINDS),
  entry: z.enum(['file', 'dir', 'link']),
  before: SideSchema.nullable(),
  after: SideSchema.nullable(),
  /** False for files over the size limit: their content was not kept, so the change cannot be undone. */
  restorable: z.boolean(),
});
export type ChangeView = z.infer<typeof ChangeViewSchema>;

export const CheckpointSummarySchema = z.object({
  turnId: z.string(),
  sessionId: z.string(),
  seq: z.number().int(),
  createdAt: z.number(),
  state: z.enum(['applied', 'undone']),
  filesChanged: z.number().int(),
  unrestorable: z.number().int(),
  /** The changed paths (at most 500), for the workspace panel. */
  paths: z.array(z.object({ path: z.string(), kind: z.enum(CHANGE_KINDS) })),
});
export type CheckpointSummary = z.infer<typeof CheckpointSummarySchema>;

export const DiffLineSchema = z.object({ op: z.enum([' ', '+', '-']), text: z.string() });
export const DiffHunkSchema = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  lines: z.array(DiffLineSchema),
});
export type DiffHunk = z.infer<typeof DiffHunkSchema>;

export const FileDiffSchema = z.object({
  path: z.string(),
  /** text: hunks; binary / not-kept / too-large: compare by size and hash; link: targets. */
  view: z.enum(['text', 'binary', 'not-kept', 'too-large', 'link', 'dir']),
  before: SideSchema.nullable(),
  after: SideSchema.nullable(),
  hunks: z.array(DiffHunkSchema),
  added: z.number().int(),
  removed: z.number().int(),
});
export type FileDiff = z.infer<typeof FileDiffSchema>;

export const ConflictSchema = z.object({
  path: z.string(),
  /** The later turn that changed this path again, or null when it was changed outside the agent's turns. */
  byTurn: z.string().nullable(),
});

export const RestoreResultSchema = z.object({
  done: z.boolean(),
  /** Why it could not be done (conflicts, unknown state); empty when done. */
  reason: z.string(),
  conflicts: z.array(ConflictSchema),
  /** Applied turns after this one: undoing them too goes back to the point before this turn. */
  laterTurns: z.array(z.string()),
  /** Turns undone (or redone) by this call, in the order they were. */
  turns: z.array(z.string()),
  restored: z.number().int(),
  /** Paths left as they are because their content was not kept (over the size limit). */
  skipped: z.array(z.string()),
});
export type RestoreResult = z.infer<typeof RestoreResultSchema>;
