// Memory across sessions (issue 29): the shapes the contract carries.
import { z } from 'zod';

export const MemoryItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  enabled: z.boolean(),
  source: z.enum(['user', 'agent']),
  status: z.enum(['active', 'proposed']),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MemoryItemView = z.infer<typeof MemoryItemSchema>;

const MemoryText = z.string().trim().min(1).max(1000);
const MemoryId = z.number().int().min(1);

/** An exported memory file, and what an import accepts. */
export const MemoryExportSchema = z.object({
  memories: z.array(z.object({ text: MemoryText, enabled: z.boolean().default(true) })).max(10_000),
});

const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });

export const memoryCommands = {
  'memory.list': cmd(z.object({}).strict(), z.array(MemoryItemSchema)),
  'memory.add': cmd(z.object({ text: MemoryText }), MemoryItemSchema),
  /** Edit, disable or enable a memory; status 'active' confirms an agent's proposal. */
  'memory.update': cmd(z.object({ id: MemoryId, text: MemoryText.optional(), enabled: z.boolean().optional(), status: z.literal('active').optional() }), MemoryItemSchema),
  'memory.delete': cmd(z.object({ id: MemoryId }), z.object({ deleted: z.boolean() })),
  'memory.export': cmd(z.object({}).strict(), MemoryExportSchema),
  'memory.import': cmd(MemoryExportSchema, z.object({ added: z.number().int() })),
  /** A session's memory switch: off, it gets no memories and adds none (without `off`, only reads it). */
  'memory.session': cmd(z.object({ sessionId: z.string().min(1).max(100), off: z.boolean().optional() }), z.object({ off: z.boolean() })),
};
