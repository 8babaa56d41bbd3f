// The options of `agentic memory list|add|rm`, parsed apart from the command so that parsing the
// command line loads nothing heavy.
import { UsageError } from './usageError.js';

export type MemoryArgs = { command: 'memory'; json: boolean; desktop: boolean } & ({ action: 'list' } | { action: 'add'; text: string } | { action: 'rm'; id: number });

export function parseMemoryArgs(rest: readonly string[], v: { json?: boolean; desktop?: boolean }): MemoryArgs {
  const [action, arg, extra] = rest;
  const base = { command: 'memory' as const, json: v.json ?? false, desktop: v.desktop ?? false };
  if (action === 'list' && arg === undefined) return { ...base, action };
  if (action === 'add' && arg?.trim() && extra === undefined) {
    if (arg.length > 1000) throw new UsageError('A memory holds at most 1000 characters.');
    return { ...base, action, text: arg.trim() };
  }
  if (action === 'rm' && arg !== undefined && extra === undefined) {
    if (!/^\d+$/.test(arg)) throw new UsageError(`memory rm needs the number of a memory (see agentic memory list), got "${arg}".`);
    return { ...base, action, id: Number(arg) };
  }
  throw new UsageError('memory needs: list [--json] | add "TEXT" | rm ID.');
}
