// Registers a schedule's job with this computer's own scheduler, per user, without administrator
// rights: a systemd user timer (crontab lines where no systemd user session runs), a launchd agent
// on macOS, a Task Scheduler task on Windows. The external commands go through `exec` so a test
// can stand in for a systemd or launchd that does not exist on its machine.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { localTimeZone } from '../scheduleStore.js';
import { cronLines, replaceCronLines } from './cronTab.js';
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
    child.stdin?.end(input ?? '');
  });

export type OsKind = 'systemd' | 'cron' | 'launchd' | 'task-scheduler' | 'none';

export interface OsScheduler {
  kind: OsKind;
  /** Creates or rewrites the job; returns what was written (paths), or throws with the OS's message. */
  register(spec: JobSpec): Promise<string>;
  unregister(id: string): Promise<void>;
}

async function must(exec: Exec, cmd: string, args: string[], input?: string): Promise<string> {
  const r = await exec(cmd, args, input);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.code}): ${r.stderr.trim().slice(0, 300)}`);
  return r.stdout;
}

export function systemdScheduler(exec: Exec, unitDir: string): OsScheduler {
  return {
    kind: 'systemd',
    async register(spec) {
      mkdirSync(unitDir, { recursive: true });
      const name = unitName(spec.id);
      writeFileSync(join(unitDir, `${name}.service`), systemdService(spec));
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
  };
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
  };
}

export function launchdScheduler(exec: Exec, agentsDir: string, logDir: string, uid: number): OsScheduler {
  return {
    kind: 'launchd',
    async register(spec) {
      mkdirSync(agentsDir, { recursive: true });
      const label = launchdLabel(spec.id);
      const path = join(agentsDir, `${label}.plist`);
      writeFileSync(path, launchdPlist(spec, localTimeZone(), join(logDir, `${label}.log`)));
      await exec('launchctl', ['bootout', `gui/${uid}/${label}`]); // not loaded yet is fine
      await must(exec, 'launchctl', ['bootstrap', `gui/${uid}`, path]);
      return path;
    },
    async unregister(id) {
      const label = launchdLabel(id);
      await exec('launchctl', ['bootout', `gui/${uid}/${label}`]);
      rmSync(join(agentsDir, `${label}.plist`), { force: true });
    },
  };
}

export function taskScheduler(exec: Exec, xmlDir: string, userId: string): OsScheduler {
  return {
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
  };
}

const none = (why: string): OsScheduler => ({
  kind: 'none',
  register: () => Promise.reject(new Error(why)),
  unregister: () => Promise.resolve(),
});

/** The scheduler of this computer. */
export async function osScheduler(dataDir: string, exec: Exec = execCommand, platform: NodeJS.Platform = process.platform, env = process.env): Promise<OsScheduler> {
  if (platform === 'darwin') return launchdScheduler(exec, join(homedir(), 'Library', 'LaunchAgents'), join(dataDir, 'logs'), userInfo().uid);
  if (platform === 'win32') return taskScheduler(exec, join(dataDir, 'tasks'), `${env.USERDOMAIN ? `${env.USERDOMAIN}\\` : ''}${userInfo().username}`);
  if ((await exec('systemctl', ['--user', 'show-environment'])).code === 0) {
    return systemdScheduler(exec, join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'systemd', 'user'));
  }
  if ((await exec('crontab', ['-l'])).code !== 127) return cronScheduler(exec, localTimeZone());
  return none('no systemd user session and no crontab on this computer');
}
