// Registers a schedule's job with this computer's own scheduler, per user, without administrator
// rights: a systemd user timer (crontab lines where no systemd user session runs), a launchd agent
// on macOS, a Task Scheduler task on Windows. The external commands go through `exec` so a test
// can stand in for a systemd or launchd that does not exist on its machine.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { localTimeZone } from '../scheduleStore.js';
import { cronIds, cronLines, replaceCronLines } from './cronTab.js';
import type { JobSpec } from './jobSpec.js';
import { launchdLabel, launchdPlist } from './launchd.js';
import { systemdService, systemdTimer, unitName } from './systemd.js';
import { taskName, taskSchedulerXml } from './taskScheduler.js';

export type Exec = (cmd: string, args: string[], input?: string) => Promise<{ code: number; stdout: string; stderr: string }>;

export const execCommand: Exec = (cmd, args, input) =>
  new Promise((resolve) => {
    const child = execFile(cmd, args, { timeout: 30_000, windowsHide: true }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: error && !stderr ? error.message : String(stderr) });
    });
    // A program that exits without reading its input (systemctl, a crontab that fails) closes the
    // pipe: that is its exit code's business, not an EPIPE that would end this process.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });

export type OsKind = 'systemd' | 'cron' | 'launchd' | 'task-scheduler' | 'none';

export interface OsScheduler {
  kind: OsKind;
  /** Creates or rewrites the job; returns what was written (paths), or throws with the OS's message. */
  register(spec: JobSpec): Promise<string>;
  unregister(id: string): Promise<void>;
  /**
   * Removes every job this app registered for this user, whatever schedules the store still holds
   * (`agentic schedule unregister-all`, run before an uninstall); returns the schedule ids removed.
   */
  unregisterAll(): Promise<string[]>;
}

/** Ids from the names of files this app wrote in `dir` (`pattern`'s first group). */
function idsIn(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir).map((f) => pattern.exec(f)?.[1]);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

async function each(ids: string[], unregister: (id: string) => Promise<void>): Promise<string[]> {
  for (const id of ids) await unregister(id);
  return ids;
}

async function must(exec: Exec, cmd: string, args: string[], input?: string): Promise<string> {
  const r = await exec(cmd, args, input);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.code}): ${r.stderr.trim().slice(0, 300)}`);
  return r.stdout;
}

export function systemdScheduler(exec: Exec, unitDir: string): OsScheduler {
  const self: OsScheduler = {
    kind: 'systemd',
    async register(spec) {
      mkdirSync(unitDir, { recursive: true });
      const name = unitName(spec.id);
      writeFileSync(join(unitDir, `${name}.service`), systemdService(spec, unitDir));
      writeFileSync(join(unitDir, `${name}.timer`), systemdTimer(spec));
      await must(exec, 'systemctl', ['--user', 'daemon-reload']);
      await must(exec, 'systemctl', ['--user', 'enable', '--now', `${name}.timer`]);
      return join(unitDir, `${name}.timer`);
    },
    async unregister(id) {
      const name = unitName(id);
      await exec('systemctl', ['--user', 'disable', '--now', `${name}.timer`]);
      rmSync(join(unitDir, `${name}.timer`), { force: true });
      rmSync(join(unitDir, `${name}.service`), { force: true });
      await exec('systemctl', ['--user', 'daemon-reload']);
    },
    unregisterAll: () => each(idsIn(unitDir, /^agentic-schedule-([A-Za-z0-9_-]{1,64})\.(?:timer|service)$/), (id) => self.unregister(id)),
  };
  return self;
}

export function cronScheduler(exec: Exec, timeZone: string): OsScheduler {
  const current = async () => {
    const r = await exec('crontab', ['-l']);
    return r.code === 0 ? r.stdout : ''; // no crontab yet
  };
  return {
    kind: 'cron',
    async register(spec) {
      await must(exec, 'crontab', ['-'], replaceCronLines(await current(), spec.id, cronLines(spec, timeZone)));
      return 'crontab';
    },
    async unregister(id) {
      await must(exec, 'crontab', ['-'], replaceCronLines(await current(), id, []));
    },
    async unregisterAll() {
      const crontab = await current();
      const ids = cronIds(crontab);
      if (ids.length > 0)
        await must(
          exec,
          'crontab',
          ['-'],
          ids.reduce((text, id) => replaceCronLines(text, id, []), crontab),
        );
      return ids;
    },
  };
}

export function launchdScheduler(exec: Exec, agentsDir: string, logDir: string, uid: number): OsScheduler {
  const self: OsScheduler = {
    kind: 'launchd',
    async register(spec) {
      mkdirSync(agentsDir, { recursive: true });
      const label = launchdLabel(spec.id);
      const path = join(agentsDir, `${label}.plist`);
      writeFileSync(path, launchdPlist(spec, localTimeZone(), join(logDir, `${label}.log`), path));
      await exec('launchctl', ['bootout', `gui/${uid}/${label}`]); // not loaded yet is fine
      await must(exec, 'launchctl', ['bootstrap', `gui/${uid}`, path]);
      return path;
    },
    async unregister(id) {
      const label = launchdLabel(id);
      await exec('launchctl', ['bootout', `gui/${uid}/${label}`]);
      rmSync(join(agentsDir, `${label}.plist`), { force: true });
    },
    unregisterAll: () => each(idsIn(agentsDir, /^com\.agentic\.schedule\.([A-Za-z0-9_-]{1,64})\.plist$/), (id) => self.unregister(id)),
  };
  return self;
}

export function taskScheduler(exec: Exec, xmlDir: string, userId: string): OsScheduler {
  const self: OsScheduler = {
    kind: 'task-scheduler',
    async register(spec) {
      mkdirSync(xmlDir, { recursive: true });
      const path = join(xmlDir, `schedule-${spec.id}.xml`);
      // schtasks reads the XML as UTF-16, as its declaration says.
      writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(taskSchedulerXml(spec, userId), 'utf16le')]));
      await must(exec, 'schtasks', ['/Create', '/TN', taskName(spec.id), '/XML', path, '/F']);
      return path;
    },
    async unregister(id) {
      await exec('schtasks', ['/Delete', '/TN', taskName(id), '/F']);
      rmSync(join(xmlDir, `schedule-${id}.xml`), { force: true });
    },
    async unregisterAll() {
      // The tasks in our folder as Task Scheduler lists them (CSV, first column the task's path),
      // and those whose XML is still beside the data.
      const listed = await exec('schtasks', ['/Query', '/FO', 'CSV', '/NH']);
      const named = [...listed.stdout.matchAll(/^"\\agentic\\schedule-([A-Za-z0-9_-]{1,64})"/gm)].map((m) => m[1]!);
      const ids = [...new Set([...named, ...idsIn(xmlDir, /^schedule-([A-Za-z0-9_-]{1,64})\.xml$/)])];
      return each(ids, (id) => self.unregister(id));
    },
  };
  return self;
}

const none = (why: string): OsScheduler => ({
  kind: 'none',
  register: () => Promise.reject(new Error(why)),
  unregister: () => Promise.resolve(),
  unregisterAll: () => Promise.resolve([]),
});

/** The scheduler of this computer. */
export async function osScheduler(dataDir: string, exec: Exec = execCommand, platform: NodeJS.Platform = process.platform, env = process.env): Promise<OsScheduler> {
  // Tests and throw-away data folders must not touch the user's real timers or crontab.
  if (env.AGENTIC_SCHEDULE_REGISTER === '0') return none('registration is off (AGENTIC_SCHEDULE_REGISTER=0)');
  if (platform === 'darwin') return launchdScheduler(exec, join(homedir(), 'Library', 'LaunchAgents'), join(dataDir, 'logs'), userInfo().uid);
  if (platform === 'win32') return taskScheduler(exec, join(dataDir, 'tasks'), `${env.USERDOMAIN ? `${env.USERDOMAIN}\\` : ''}${userInfo().username}`);
  if ((await exec('systemctl', ['--user', 'show-environment'])).code === 0) {
    return systemdScheduler(exec, join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'systemd', 'user'));
  }
  if ((await exec('crontab', ['-l'])).code !== 127) return cronScheduler(exec, localTimeZone());
  return none('no systemd user session and no crontab on this computer');
}
