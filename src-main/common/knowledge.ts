// The workspace knowledge index's commands (issue 30): search, progress, pause.
import { z } from 'zod';

const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });

export const SearchHitSchema = z.object({
  path: z.string(),
  page: z.number().int().nullable(),
  lines: z.tuple([z.number().int(), z.number().int()]),
  heading: z.string().nullable(),
  score: z.number(),
  text: z.string(),
  untrusted: z.boolean(),
});

export const IndexProgressSchema = z.object({
  workspace: z.string(),
  state: z.enum(['idle', 'scanning', 'indexing', 'paused']),
  pending: z.number().int(),
  files: z.number().int(),
  passages: z.number().int(),
  embedded: z.number().int(),
});

export const knowledgeCommands = {
  /** Searches the current workspace's index (words and meaning); hits best first, with where they are. */
  'knowledge.search': cmd(
    z.object({ query: z.string().trim().min(1).max(1000), limit: z.number().int().min(1).max(50).default(20) }).strict(),
    z.object({ hits: z.array(SearchHitSchema), progress: IndexProgressSchema }),
  ),
  /** How far indexing the current workspace is (the workspace panel polls it). */
  'knowledge.status': cmd(z.object({}).strict(), IndexProgressSchema),
  'knowledge.pause': cmd(z.object({ paused: z.boolean() }).strict(), IndexProgressSchema),
} as const;

export type KnowledgeCommandName = keyof typeof knowledgeCommands;
