// The Memory panel's commands: list, add, edit/disable/confirm, delete, export, import, and a
// session's switch. Every change is announced so each open window shows it.
import type { Handlers } from '../../common/contract.js';
import { AppError } from '../../common/errors.js';
import type { Emit } from '../ports.js';
import type { SessionStore } from '../store.js';
import type { MemoryStore } from './memory.js';

type MemoryCommands = 'memory.list' | 'memory.add' | 'memory.update' | 'memory.delete' | 'memory.export' | 'memory.import' | 'memory.session';

export function createMemoryHandlers(deps: { memory: MemoryStore; sessions: SessionStore; emit: Emit }): Pick<Handlers, MemoryCommands> {
  const { memory, emit } = deps;
  const changed = (id: number, status: 'active' | 'proposed' | 'removed', text: string) => emit({ type: 'memory.changed', sessionId: null, turnId: null, id, status, text });
  return {
    'memory.list': async () => memory.listMemories(),
    'memory.add': async ({ text }) => {
      const item = memory.addMemory(text, { source: 'user', status: 'active' });
      changed(item.id, item.status, item.text);
      return item;
    },
    'memory.update': async ({ id, ...patch }) => {
      const item = memory.updateMemory(id, patch);
      if (!item) throw new AppError('NOT_FOUND', `No memory ${id}.`);
      changed(item.id, item.status, item.text);
      return item;
    },
    'memory.delete': async ({ id }) => {
      const deleted = memory.removeMemory(id);
      if (deleted) changed(id, 'removed', '');
      return { deleted };
    },
    // Proposals the user never confirmed are not theirs yet: they stay out of an export.
    'memory.export': async () => ({
      memories: memory
        .listMemories()
        .filter((m) => m.status === 'active')
        .map((m) => ({ text: m.text, enabled: m.enabled })),
    }),
    'memory.import': async ({ memories }) => {
      const known = new Set(memory.listMemories().map((m) => m.text));
      let added = 0;
      for (const m of memories) {
        if (known.has(m.text)) continue;
        const item = memory.addMemory(m.text, { source: 'user', status: 'active' });
        if (!m.enabled) memory.updateMemory(item.id, { enabled: false });
        known.add(m.text);
        added += 1;
      }
      if (added) changed(0, 'active', '');
      return { added };
    },
    'memory.session': async ({ sessionId, off }) => {
      if (!deps.sessions.getSession(sessionId)) throw new AppError('NOT_FOUND', `No session ${sessionId}.`);
      if (off !== undefined) memory.setSessionMemoryOff(sessionId, off);
      return { off: memory.sessionMemoryOff(sessionId) };
    },
  };
}
