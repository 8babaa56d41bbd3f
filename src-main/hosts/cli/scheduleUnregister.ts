// `agentic schedule unregister-all`: takes every OS job this app registered for this user out of
// the system's scheduler (systemd user units, crontab lines, launchd agents, Task Scheduler tasks),
// found by their names and tags, not by the schedules the store holds: a job whose schedule is
// gone, or that a data folder other than this one registered, goes too. Run before uninstalling
// (the Windows uninstaller and the Linux package's removal script do the same from outside the app:
// build/installer.nsh, build/linux/after-remove.tpl). The schedules themselves are kept, marked as
// not registered; `agentic schedule resume ID` registers one again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { desktopDataDir } from '../../app/paths.js';
import { osScheduler } from '../../node/schedule/os/register.js';
import { ScheduleStore } from '../../node/schedule/scheduleStore.js';
import { fromCaller } from './callerPaths.js';

export async function unregisterAllCommand(args: { dataDir?: string; json: boolean }): Promise<number> {
  const dataDir = args.dataDir ? fromCaller(args.dataDir) : desktopDataDir();
  const os = await osScheduler(dataDir);
  const removed = await os.unregisterAll();
  // Only a store that exists: an uninstall must not create the data it leaves behind.
  const db = join(dataDir, 'sessions.db');
  let cleared = 0;
  if (existsSync(db)) {
    const store = ScheduleStore.open(db);
    try {
      for (const s of store.list().filter((x) => x.osJob !== null)) {
        store.setOsJob(s.id, null);
        cleared++;
      }
    } finally {
      store.close();
    }
  }
  if (args.json) process.stdout.write(JSON.stringify({ scheduler: os.kind, removed, cleared }) + '\n');
  else process.stdout.write(`${os.kind}: removed ${removed.length} job(s)${removed.length ? ` (${removed.join(', ')})` : ''}\n`);
  return 0;
}
