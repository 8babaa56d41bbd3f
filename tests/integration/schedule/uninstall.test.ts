// OS jobs go when the app goes: the deb's removal script run against a fake tree of home folders,
// each job's self-removal guard run by the shell that would run it (systemd's ExecCondition=, a
// crontab line, a launchd agent's program) with the app's program present and then gone, the
// Windows uninstaller's macro checked by reading, and `agentic schedule unregister-all`. systemctl,
// crontab and launchctl are small recording scripts on PATH: no systemd user session, cron daemon
// or launchd runs here, and the real ones must not be touched by a test.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src-main/common/schedules.js';
import { cronLines } from '../../../src-main/node/schedule/os/cronTab.js';
import type { JobSpec } from '../../../src-main/node/schedule/os/jobSpec.js';
import { launchdLabel, launchdPlist } from '../../../src-main/node/schedule/os/launchd.js';
import { systemdService, systemdTimer, unitName } from '../../../src-main/node/schedule/os/systemd.js';
import { taskName } from '../../../src-main/node/schedule/os/taskScheduler.js';
import { ROOT, runCli } from '../../helpers/processes.js';
import { execStartOf } from '../../helpers/systemdExec.js';

const tmp = mkdtempSync(join(tmpdir(), 'agentic-uninstall-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Recording stand-ins. crontab keeps one file per user under $FAKE_CRON (`-u USER` or $USER); like
// the real one, `crontab -` reads all its input before it replaces the file, so `crontab -l | … |
// crontab -` cannot read a file the install has already emptied.
const shims = join(tmp, 'shims');
mkdirSync(shims);
const calls = join(tmp, 'calls.log');
const shim = (name: string, body: string) => {
  writeFileSync(join(shims, name), `#!/bin/sh\necho "${name} $*" >> '${calls}'\n${body}\n`);
  chmodSync(join(shims, name), 0o755);
};
shim('systemctl', 'exit 0');
shim('launchctl', 'exit 0');
shim('update-alternatives', 'exit 0');
shim(
  'crontab',
  `user="$USER"; if [ "$1" = -u ]; then user="$2"; shift 2; fi
file="$FAKE_CRON/$user"
case "$1" in -l) [ -f "$file" ] || exit 1; cat "$file" ;; -) cat > "$file.new.$$" && mv "$file.new.$$" "$file" ;; *) exit 2 ;; esac`,
);
const fakeCron = join(tmp, 'cron');
mkdirSync(fakeCron);
const env = (extra: Record<string, string> = {}) => ({ PATH: `${shims}:${process.env.PATH}`, FAKE_CRON: fakeCron, HOME: tmp, USER: 'me', ...extra });
const logged = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);
const clearLog = () => rmSync(calls, { force: true });

/** electron-builder's template step: `${name}` macros filled in, an unknown one is an error (FpmTarget.writeConfigFile). */
function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\${([a-zA-Z]+)}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`Macro ${name} is not defined`);
    return values[name]!;
  });
}

function shellCheck(shell: 'bash' | 'sh', script: string): { status: number | null; stderr: string } {
  const r = spawnSync(shell, ['-n'], { input: script, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe('the deb package removal script (build/linux/after-remove.tpl)', () => {
  const script = join(tmp, 'after-remove.sh');
  writeFileSync(script, fillTemplate(readFileSync(join(ROOT, 'build/linux/after-remove.tpl'), 'utf8'), { executable: 'agentic-desktop-test', sanitizedProductName: 'Agentic' }));
  const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');

  /** Two users with jobs (systemd units for one, crontab lines for the other), one without a home. */
  function homes() {
    rmSync(join(tmp, 'home'), { recursive: true, force: true });
    const alice = join(tmp, 'home', 'alice');
    const bob = join(tmp, 'home', 'bob');
    const units = join(alice, '.config', 'systemd', 'user');
    mkdirSync(join(units, 'timers.target.wants'), { recursive: true });
    mkdirSync(bob, { recursive: true });
    mkdirSync(join(tmp, 'home', 'carol'), { recursive: true });
    for (const f of [
      'agentic-schedule-a1.timer',
      'agentic-schedule-a1.service',
      'agentic-schedule-b_2.timer',
      'agentic-schedule-b_2.service',
      'backup.timer',
      'backup.service',
      'agentic-desktop.service',
    ])
      writeFileSync(join(units, f), '[Unit]\n');
    symlinkSync(join(units, 'agentic-schedule-a1.timer'), join(units, 'timers.target.wants', 'agentic-schedule-a1.timer'));
    symlinkSync(join(units, 'backup.timer'), join(units, 'timers.target.wants', 'backup.timer'));
    writeFileSync(
      join(fakeCron, 'bob'),
      `MAILTO=bob\n0 5 * * * backup.sh\n0 8 28 3 * if [ -e '/x' ]; then '/x'; fi # agentic-schedule c3\n0 8 29 3 * '/x' # agentic-schedule c3\n`,
    );
    writeFileSync(join(fakeCron, 'carol'), '0 6 * * * my-agentic-schedule-notes.sh\n');
    const passwd = join(tmp, 'passwd');
    writeFileSync(
      passwd,
      `alice:x:4001:4001::${alice}:/bin/bash\nbob:x:4002:4002::${bob}:/bin/bash\ncarol:x:4003:4003::${join(tmp, 'home', 'carol')}:/bin/sh\ndave:x:4004:4004::${join(tmp, 'home', 'gone')}:/bin/sh\nroot:x:0:0::/:/bin/bash\n`,
    );
    return { units, passwd };
  }

  it('is valid bash once electron-builder has filled in its macros, and is what the deb uses', () => {
    expect(shellCheck('bash', readFileSync(script, 'utf8'))).toEqual({ status: 0, stderr: '' });
    expect(shellCheck('bash', 'if then fi').status).not.toBe(0);
    expect(yml).toMatch(/^deb:\n(?:\s+#.*\n)*\s+afterRemove: build\/linux\/after-remove\.tpl$/m);
  });

  it("on removal, deletes every user's agentic-schedule units and crontab lines and keeps everything else", () => {
    const { units, passwd } = homes();
    clearLog();
    const r = spawnSync('bash', [script, 'remove'], { env: env({ AGENTIC_PASSWD: passwd }), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(units).sort()).toEqual(['agentic-desktop.service', 'backup.service', 'backup.timer', 'timers.target.wants']);
    expect(readdirSync(join(units, 'timers.target.wants'))).toEqual(['backup.timer']);
    expect(readFileSync(join(fakeCron, 'bob'), 'utf8')).toBe('MAILTO=bob\n0 5 * * * backup.sh\n');
    // carol has no agentic lines: her crontab is read, never rewritten.
    expect(readFileSync(join(fakeCron, 'carol'), 'utf8')).toBe('0 6 * * * my-agentic-schedule-notes.sh\n');
    expect(logged().filter((l) => l.startsWith('crontab -u') && l.endsWith(' -'))).toEqual(['crontab -u bob -']);
    // The default script's step is still there: the binary's alternative is removed.
    expect(logged()).toContain('update-alternatives --remove agentic-desktop-test /opt/Agentic/agentic-desktop-test');
  });

  it('on upgrade, keeps the jobs (the new version runs them)', () => {
    const { units, passwd } = homes();
    const r = spawnSync('bash', [script, 'upgrade', '0.2.0'], { env: env({ AGENTIC_PASSWD: passwd }), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(units)).toContain('agentic-schedule-a1.timer');
    expect(readFileSync(join(fakeCron, 'bob'), 'utf8')).toContain('# agentic-schedule c3');
  });
});

describe("each OS job removes itself once the app's program is gone", () => {
  const app = join(tmp, 'app dir', 'agentic-program');
  const marker = join(tmp, 'ran.txt');
  // The "CLI" the job starts: a shell script that notes its arguments.
  const spec: JobSpec = {
    id: 'g1',
    description: 'agentic schedule g1: guard',
    argv: [app, 'run', '--schedule', 'g1'],
    env: { AGENTIC_X: '100% $y' },
    requires: [app],
    times: [Date.parse('2026-03-28T07:00:00Z'), Date.parse('2026-03-29T06:00:00Z')],
  };
  const install = () => {
    mkdirSync(join(tmp, 'app dir'), { recursive: true });
    writeFileSync(app, `#!/bin/sh\necho "$* $AGENTIC_X" > '${marker}'\n`);
    chmodSync(app, 0o755);
  };
  const uninstall = () => rmSync(app, { force: true });

  it('systemd: ExecCondition= passes while the program exists and, once gone, disables and deletes both units', () => {
    const unitDir = join(tmp, 'units');
    mkdirSync(unitDir, { recursive: true });
    const base = join(unitDir, unitName(spec.id));
    writeFileSync(`${base}.service`, systemdService(spec, unitDir));
    writeFileSync(`${base}.timer`, systemdTimer(spec));
    const unit = readFileSync(`${base}.service`, 'utf8');
    const condition = execStartOf(unit.replace(/^ExecStart=/m, 'X-Start=').replace(/^ExecCondition=/m, 'ExecStart='));
    expect(condition.argv.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(shellCheck('sh', condition.argv[2]!)).toEqual({ status: 0, stderr: '' });
    const check = () => spawnSync(condition.argv[0]!, condition.argv.slice(1), { env: env(), encoding: 'utf8' });
    install();
    expect(check().status).toBe(0);
    expect(existsSync(`${base}.timer`)).toBe(true);
    uninstall();
    clearLog();
    // 1 to 254 skips the service without marking it failed (systemd.service(5), ExecCondition=).
    expect(check().status).toBe(1);
    expect(existsSync(`${base}.timer`) || existsSync(`${base}.service`)).toBe(false);
    expect(logged()).toEqual(['systemctl --user disable --now agentic-schedule-g1.timer']);
  });

  it.skipIf(spawnSync('systemd-analyze', ['--version']).status !== 0)('systemd-analyze accepts the service with its ExecCondition=', () => {
    const unitDir = join(tmp, 'verify');
    mkdirSync(unitDir, { recursive: true });
    install();
    const base = join(unitDir, unitName(spec.id));
    writeFileSync(`${base}.service`, systemdService(spec, unitDir));
    writeFileSync(`${base}.timer`, systemdTimer(spec));
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', `${base}.timer`, `${base}.service`], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.trim()).toBe('');
  });

  it("cron: the line runs the program while it exists and, once gone, takes this schedule's lines out", () => {
    const lines = cronLines(spec, 'UTC');
    writeFileSync(join(fakeCron, 'me'), ['0 5 * * * backup.sh', ...lines, "0 9 * * * '/y' # agentic-schedule g10"].join('\n') + '\n');
    // What cron hands to /bin/sh: the command field with \% turned back into %.
    const command = lines[0]!.split(' ').slice(5).join(' ').replace(/\\%/g, '%');
    expect(shellCheck('sh', command)).toEqual({ status: 0, stderr: '' });
    const fire = () => spawnSync('/bin/sh', ['-c', command], { env: env(), encoding: 'utf8' });
    install();
    rmSync(marker, { force: true });
    expect(fire().status).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('run --schedule g1 100% $y\n');
    expect(readFileSync(join(fakeCron, 'me'), 'utf8').split('\n')).toHaveLength(lines.length + 3);
    uninstall();
    expect(fire().status).toBe(0);
    // Another schedule whose id starts the same (g10) keeps its line.
    expect(readFileSync(join(fakeCron, 'me'), 'utf8')).toBe("0 5 * * * backup.sh\n0 9 * * * '/y' # agentic-schedule g10\n");
  });

  it('launchd: the agent execs the program while it exists and, once gone, deletes its plist and unloads itself', () => {
    const plist = join(tmp, 'LaunchAgents', `${launchdLabel(spec.id)}.plist`);
    mkdirSync(join(tmp, 'LaunchAgents'), { recursive: true });
    writeFileSync(plist, launchdPlist(spec, 'UTC', join(tmp, 'job.log'), plist));
    const program = [...readFileSync(plist, 'utf8').matchAll(/<string>([^<]*)<\/string>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
    const [sh, c, script] = program.slice(1, 4); // after the Label
    expect([sh, c]).toEqual(['/bin/sh', '-c']);
    expect(shellCheck('sh', script!)).toEqual({ status: 0, stderr: '' });
    const fire = () => spawnSync(sh!, [c!, script!], { env: env({ AGENTIC_X: spec.env.AGENTIC_X! }), encoding: 'utf8' });
    install();
    rmSync(marker, { force: true });
    expect(fire().status).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('run --schedule g1 100% $y\n');
    uninstall();
    clearLog();
    fire();
    expect(existsSync(plist)).toBe(false);
    expect(logged()).toEqual([`launchctl bootout gui/${process.getuid!()}/com.agentic.schedule.g1`]);
  });
});

describe('the Windows uninstaller (build/installer.nsh; read only: no NSIS or Windows here)', () => {
  it('removes the tasks in our Task Scheduler folder with PowerShell, except on an update', () => {
    const nsh = readFileSync(join(ROOT, 'build/installer.nsh'), 'utf8');
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^nsis:\n(?:\s+.*\n)*?\s+include: build\/installer\.nsh$/m);
    const body = /^!macro customUnInstall\n([\s\S]*?)^!macroend$/m.exec(nsh)?.[1];
    expect(body).toBeDefined();
    expect(body).toMatch(/^\s+\$\{ifNot\} \$\{isUpdated\}\n[\s\S]*^\s+\$\{endIf\}$/m);
    const exec = /nsExec::ExecToLog `([^`]*)`\n\s+Pop \$0/.exec(body!)?.[1];
    expect(exec).toBeDefined();
    // The folder taskScheduler.ts registers in; NSIS reads $$ as one $.
    const folder = taskName('x').replace(/schedule-x$/, '');
    expect(folder).toBe('\\agentic\\');
    expect(exec).toBe(
      `powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "Get-ScheduledTask -TaskPath '${folder}' -ErrorAction SilentlyContinue | Unregister-ScheduledTask -Confirm:$$false"`,
    );
  });
});

describe('agentic schedule unregister-all', () => {
  it("removes every job of this app from the user's systemd, keeps other units, and marks the schedules unregistered", { timeout: 120_000 }, async () => {
    const home = join(tmp, 'cli');
    const config = join(home, 'config');
    const unitDir = join(config, 'systemd', 'user');
    const dataDir = join(home, 'data');
    const cliEnv = env({ XDG_CONFIG_HOME: config, HOME: home });
    mkdirSync(unitDir, { recursive: true });
    writeFileSync(join(unitDir, 'backup.timer'), '[Timer]\n');
    // A job left behind by a schedule that no longer exists (another data folder, a deleted store).
    writeFileSync(join(unitDir, 'agentic-schedule-orphan.timer'), '[Timer]\n');
    writeFileSync(join(unitDir, 'agentic-schedule-orphan.service'), '[Service]\n');
    const add = await runCli(['schedule', 'add', 'Summarise the news into today.md', '--daily', '08:00', '--data-dir', dataDir, '--json'], { home, env: cliEnv });
    expect(add.code, add.stderr).toBe(0);
    const schedule = JSON.parse(add.stdout) as Schedule;
    expect(schedule.osJob).toBe(`systemd: ${join(unitDir, `agentic-schedule-${schedule.id}.timer`)}`);
    expect(readFileSync(join(unitDir, `agentic-schedule-${schedule.id}.service`), 'utf8')).toMatch(/^ExecCondition="\/bin\/sh" "-c" "if \[ -e /m);

    clearLog();
    const r = await runCli(['schedule', 'unregister-all', '--data-dir', dataDir, '--json'], { home, env: cliEnv });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { scheduler: string; removed: string[]; cleared: number };
    expect({ ...result, removed: result.removed.sort() }).toEqual({ scheduler: 'systemd', removed: [schedule.id, 'orphan'].sort(), cleared: 1 });
    expect(readdirSync(unitDir)).toEqual(['backup.timer']);
    expect(logged()).toContain(`systemctl --user disable --now agentic-schedule-${schedule.id}.timer`);
    const list = await runCli(['schedule', 'list', '--data-dir', dataDir, '--json'], { home, env: cliEnv });
    expect((JSON.parse(list.stdout) as Schedule[]).map((s) => [s.id, s.osJob])).toEqual([[schedule.id, null]]);
    // With nothing left, it says so; a data folder that does not exist is not created.
    const again = await runCli(['schedule', 'unregister-all', '--data-dir', join(home, 'none'), '--json'], { home, env: cliEnv });
    expect(JSON.parse(again.stdout)).toEqual({ scheduler: 'systemd', removed: [], cleared: 0 });
    expect(existsSync(join(home, 'none'))).toBe(false);
  });
});
