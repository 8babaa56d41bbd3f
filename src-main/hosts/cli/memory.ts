// `agentic memory list|add|rm`: the facts kept across sessions, in the sessions database the CLI
// and web host share (--desktop: the desktop app's). Exit status: 0 done, 2 no such memory.
import { join } from 'node:path';
import { appPaths, desktopDataDir } from '../../app/paths.js';
import { SqliteStore } from '../../node/store/sqliteStore.js';
import type { MemoryArgs } from './memoryArgs.js';

export async function memoryCommand(args: MemoryArgs): Promise<number> {
  const { dataDir } = args.desktop ? appPaths({ host: 'electron', userData: desktopDataDir() }) : appPaths({ host: 'cli' });
  const store = SqliteStore.open(join(dataDir, 'sessions.db'));
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const memory = store.memory;
    switch (args.action) {
      case 'list':
        for (const m of memory.listMemories()) {
          if (args.json) out(JSON.stringify({ id: m.id, text: m.text, enabled: m.enabled, status: m.status, source: m.source }));
          else out(`${String(m.id).padStart(4)}  ${m.status === 'proposed' ? '(proposed) ' : ''}${m.enabled ? '' : '(disabled) '}${m.text}`);
        }
        return 0;
      case 'add': {
        const item = memory.addMemory(args.text, { source: 'user', status: 'active' });
        out(args.json ? JSON.stringify({ id: item.id, text: item.text }) : `added memory ${item.id}`);
        return 0;
      }
      case 'rm':
        if (!memory.removeMemory(args.id)) {
          process.stderr.write(`agentic: no memory ${args.id} (see agentic memory list)\n`);
          return 2;
        }
        out(args.json ? JSON.stringify({ id: args.id, removed: true }) : `removed memory ${args.id}`);
        return 0;
    }
  } finally {
    store.close();
  }
}
