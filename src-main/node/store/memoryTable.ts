// The memories table (issue 29) on the session database: facts kept across sessions.
import type { MemoryItem, MemoryStore } from '../../core/memory/memory.js';
import type { Db } from './database.js';

interface MemoryRow {
  id: number;
  text: string;
  enabled: number;
  source: string;
  status: string;
  created_at: number;
  updated_at: number;
}

const toItem = (r: MemoryRow): MemoryItem => ({
  id: Number(r.id),
  text: r.text,
  enabled: Number(r.enabled) === 1,
  source: r.source === 'agent' ? 'agent' : 'user',
  status: r.status === 'proposed' ? 'proposed' : 'active',
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export function createMemoryTable(db: Db): MemoryStore {
  const sql = {
    list: db.prepare('SELECT id, text, enabled, source, status, created_at, updated_at FROM memories ORDER BY id'),
    get: db.prepare('SELECT id, text, enabled, source, status, created_at, updated_at FROM memories WHERE id = ?'),
    insert: db.prepare('INSERT INTO memories (text, enabled, source, status, created_at, updated_at) VALUES (@text, 1, @source, @status, @now, @now)'),
    update: db.prepare('UPDATE memories SET text = @text, enabled = @enabled, status = @status, updated_at = @now WHERE id = @id'),
    remove: db.prepare('DELETE FROM memories WHERE id = ?'),
    offGet: db.prepare('SELECT 1 FROM session_memory_off WHERE session_id = ?'),
    offSet: db.prepare('INSERT OR IGNORE INTO session_memory_off (session_id) VALUES (?)'),
    offClear: db.prepare('DELETE FROM session_memory_off WHERE session_id = ?'),
  };
  const get = (id: number) => {
    const row = sql.get.get(id) as MemoryRow | undefined;
    return row ? toItem(row) : null;
  };
  return {
    listMemories: () => (sql.list.all() as MemoryRow[]).map(toItem),
    addMemory(text, opts) {
      const info = sql.insert.run({ text, source: opts.source, status: opts.status, now: Date.now() });
      return get(Number(info.lastInsertRowid))!;
    },
    updateMemory(id, patch) {
      const current = get(id);
      if (!current) return null;
      const next = { ...current, ...patch };
      sql.update.run({ id, text: next.text, enabled: next.enabled ? 1 : 0, status: next.status, now: Date.now() });
      return get(id);
    },
    removeMemory: (id) => sql.remove.run(id).changes > 0,
    sessionMemoryOff: (sessionId) => sql.offGet.get(sessionId) !== undefined,
    setSessionMemoryOff(sessionId, off) {
      if (off) sql.offSet.run(sessionId);
      else sql.offClear.run(sessionId);
    },
  };
}
