// The macOS and Windows jobs can only be read here, not registered: their files are parsed with a
// real XML parser and checked against what launchd.plist(5) and the Task Scheduler 1.2 schema ask.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../common/schedules.js';
import { cronLines, replaceCronLines } from './cronTab.js';
import { cliCommand, jobSpec, safeId, TIMES_PER_JOB } from './jobSpec.js';
import { launchdPlist } from './launchd.js';
import { cronScheduler, launchdScheduler, systemdScheduler, taskScheduler, type Exec } from './register.js';
import { quoteWindowsArg, taskSchedulerXml } from './taskScheduler.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-osjobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const now = Date.parse('2026-03-27T12:00:00Z');
const schedule = {
  id: 'a1b2c3d4',
  name: 'Summarise <news> & "weather"',
  rule: { kind: 'daily', time: '08:00' },
  timeZone: 'Europe/Berlin',
  nextRunAt: Date.parse('2026-03-28T07:00:00Z'),
} as Schedule;
const spec = jobSpec(schedule, cliCommand('/opt/My Apps/agentic', '/usr/bin/node', true), { dataDir: '/home/u/data', now });

// xmldom reports a mismatched end tag only as a warning: any message at all fails the check.
function xmlErrors(text: string): { doc: Document; errors: string[] } {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level: string, message: unknown) => void errors.push(`${level}: ${String(message)}`) }).parseFromString(text, 'text/xml');
  return { doc, errors };
}
function parseXml(text: string): Document {
  const { doc, errors } = xmlErrors(text);
  expect(errors).toEqual([]);
  return doc;
}
const children = (el: Element) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);

it('the XML check fails on a file that is not well-formed', () => {
  expect(xmlErrors('<plist><dict><key>Label</dict></plist>').errors).not.toEqual([]);
});

describe('the job spec', () => {
  it('starts the CLI on the schedule with the next times, across the DST change in the zone', () => {
    expect(spec.argv).toEqual(['/usr/bin/node', '/opt/My Apps/agentic/bin/agentic.js', 'run', '--schedule', 'a1b2c3d4', '--data-dir', '/home/u/data']);
    expect(spec.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
    expect(spec.requires).toEqual(['/usr/bin/node', '/opt/My Apps/agentic/bin/agentic.js']);
    expect(spec.times).toHaveLength(TIMES_PER_JOB);
    // 08:00 in Berlin is 07:00Z before 29 March and 06:00Z after.
    expect(spec.times.slice(0, 3).map((t) => new Date(t).toISOString())).toEqual(['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z']);
    expect(() => safeId('../x')).toThrow();
  });

  it('a packaged app (code in app.asar) is started as its own executable with the headless switch', () => {
    const linux = cliCommand('/opt/Agentic/resources/app.asar', '/opt/Agentic/agentic-desktop', true, {}, 'linux');
    expect(linux).toEqual({ argv: ['/opt/Agentic/agentic-desktop', '--ozone-platform=headless', '--agentic-cli'], env: {} });
    // An AppImage runs from a mount that changes each start: the job names the AppImage file.
    const appImage = cliCommand('/tmp/.mount_AgXyz/resources/app.asar', '/tmp/.mount_AgXyz/agentic-desktop', true, { APPIMAGE: '/home/u/Apps/Agentic.AppImage' }, 'linux');
    expect(appImage.argv[0]).toBe('/home/u/Apps/Agentic.AppImage');
    const mac = cliCommand('/Applications/Agentic.app/Contents/Resources/app.asar', '/Applications/Agentic.app/Contents/MacOS/Agentic', true, {}, 'darwin');
    expect(mac.argv).toEqual(['/Applications/Agentic.app/Contents/MacOS/Agentic', '--agentic-cli']);
    const win = cliCommand(
      'C:\\Users\\u\\AppData\\Local\\Programs\\Agentic\\resources\\app.asar',
      'C:\\Users\\u\\AppData\\Local\\Programs\\Agentic\\agentic-desktop.exe',
      true,
      {},
      'win32',
    );
    expect(win.argv).toEqual(['C:\\Users\\u\\AppData\\Local\\Programs\\Agentic\\agentic-desktop.exe', '--agentic-cli']);
    expect(jobSpec(schedule, win, { now }).requires).toEqual([win.argv[0]]);
    // A checkout's development Electron still becomes Node.
    expect(cliCommand('/src/agentic', '/src/agentic/node_modules/electron/dist/electron', true, {}, 'linux').env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
  });
});

describe('launchd agent (read only: no launchd here)', () => {
  it('is a well-formed plist whose keys launchd reads', () => {
    const plist = '/Users/u/Library/LaunchAgents/com.agentic.schedule.a1b2c3d4.plist';
    const doc = parseXml(launchdPlist(spec, 'Europe/Berlin', '/home/u/data/logs/job.log', plist));
    expect(doc.doctype?.publicId.replace(/"/g, '')).toBe('-//Apple//DTD PLIST 1.0//EN');
    const top = children(children(doc.documentElement)[0]!);
    const keys = top.filter((e) => e.tagName === 'key').map((e) => e.textContent);
    expect(keys).toEqual(['Label', 'ProgramArguments', 'EnvironmentVariables', 'StartCalendarInterval', 'StandardOutPath', 'StandardErrorPath']);
    const valueOf = (key: string) => top[top.findIndex((e) => e.tagName === 'key' && e.textContent === key) + 1]!;
    expect(valueOf('Label').textContent).toBe('com.agentic.schedule.a1b2c3d4');
    // A shell that checks the app is still there, then execs the CLI (guard.ts; run in tests/integration/schedule/uninstall.test.ts).
    const [sh, c, script] = children(valueOf('ProgramArguments')).map((e) => e.textContent);
    expect([sh, c]).toEqual(['/bin/sh', '-c']);
    expect(script).toBe(
      `if [ -e '/usr/bin/node' ] && [ -e '/opt/My Apps/agentic/bin/agentic.js' ]; then exec ${spec.argv.map((a) => `'${a}'`).join(' ')}; fi; rm -f -- '${plist}'; launchctl bootout "gui/$(id -u)/com.agentic.schedule.a1b2c3d4"`,
    );
    const intervals = children(valueOf('StartCalendarInterval'));
    expect(intervals).toHaveLength(TIMES_PER_JOB);
    const first = children(intervals[1]!).map((e) => e.textContent);
    // Local wall time on the Mac: 08:00 on 29 March.
    expect(first).toEqual(['Month', '3', 'Day', '29', 'Hour', '8', 'Minute', '0']);
  });
});

describe('Task Scheduler task (read only: no Windows here)', () => {
  it('is well-formed XML in the task namespace with the schema fields a per-user task needs', () => {
    const doc = parseXml(taskSchedulerXml(spec, 'PC\\user'));
    const task = doc.documentElement;
    expect(task.getAttribute('version')).toBe('1.2');
    expect(task.namespaceURI).toBe('http://schemas.microsoft.com/windows/2004/02/mit/task');
    expect(children(task).map((e) => e.tagName)).toEqual(['RegistrationInfo', 'Triggers', 'Principals', 'Settings', 'Actions']);
    const text = (tag: string) => Array.from(doc.getElementsByTagName(tag)).map((e) => e.textContent);
    expect(text('Description')).toEqual(['agentic schedule a1b2c3d4: Summarise <news> & "weather"']);
    expect(text('StartBoundary')[0]).toBe('2026-03-28T07:00:00Z');
    expect(text('StartBoundary')).toHaveLength(TIMES_PER_JOB);
    expect(text('LogonType')).toEqual(['InteractiveToken']);
    expect(text('RunLevel')).toEqual(['LeastPrivilege']);
    expect(text('StartWhenAvailable')).toEqual(['true']);
    expect(text('Command')).toEqual(['/usr/bin/node']);
    expect(text('Arguments')).toEqual(['"/opt/My Apps/agentic/bin/agentic.js" run --schedule a1b2c3d4 --data-dir /home/u/data']);
  });

  it('quotes arguments as CommandLineToArgvW reads them', () => {
    expect(quoteWindowsArg('C:\\Program Files\\a\\')).toBe('"C:\\Program Files\\a\\\\"');
    expect(quoteWindowsArg('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteWindowsArg('')).toBe('""');
  });

  it('is written as UTF-16 with a byte-order mark and registered with schtasks, and removed', async () => {
    const calls: string[][] = [];
    const exec: Exec = (cmd, args) => (calls.push([cmd, ...args]), Promise.resolve({ code: 0, stdout: '', stderr: '' }));
    const os = taskScheduler(exec, dir, 'PC\\user');
    const path = await os.register(spec);
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(bytes.subarray(2).toString('utf16le')).toContain('<Task version="1.2"');
    await os.unregister(spec.id);
    expect(existsSync(path)).toBe(false);
    expect(calls).toEqual([
      ['schtasks', '/Create', '/TN', '\\agentic\\schedule-a1b2c3d4', '/XML', path, '/F'],
      ['schtasks', '/Delete', '/TN', '\\agentic\\schedule-a1b2c3d4', '/F'],
    ]);
  });
});

describe('Linux registration', () => {
  it('writes the units, enables the timer, and removes both with the schedule', async () => {
    const calls: string[][] = [];
    const exec: Exec = (cmd, args) => (calls.push([cmd, ...args]), Promise.resolve({ code: 0, stdout: '', stderr: '' }));
    const unitDir = join(dir, 'systemd', 'user');
    const os = systemdScheduler(exec, unitDir);
    await os.register(spec);
    expect(readFileSync(join(unitDir, 'agentic-schedule-a1b2c3d4.timer'), 'utf8')).toContain('OnCalendar=2026-03-29 06:00:00 UTC\n');
    expect(calls.slice(0, 2)).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', '--now', 'agentic-schedule-a1b2c3d4.timer'],
    ]);
    await os.unregister(spec.id);
    expect(existsSync(join(unitDir, 'agentic-schedule-a1b2c3d4.service'))).toBe(false);
    expect(calls.slice(2)).toEqual([
      ['systemctl', '--user', 'disable', '--now', 'agentic-schedule-a1b2c3d4.timer'],
      ['systemctl', '--user', 'daemon-reload'],
    ]);
  });

  it('falls back to crontab lines in the system zone, tagged, replacing only its own', async () => {
    const lines = cronLines(spec, 'Europe/Berlin');
    expect(lines[0]).toBe(
      "0 8 28 3 * if [ -e '/usr/bin/node' ] && [ -e '/opt/My Apps/agentic/bin/agentic.js' ]; then ELECTRON_RUN_AS_NODE='1' '/usr/bin/node' '/opt/My Apps/agentic/bin/agentic.js' 'run' '--schedule' 'a1b2c3d4' '--data-dir' '/home/u/data'; else crontab -l | grep -v -- '# agentic-schedule a1b2c3d4$' | crontab -; fi # agentic-schedule a1b2c3d4",
    );
    let crontab = 'MAILTO=me\n0 5 * * * backup.sh\n';
    const exec: Exec = (cmd, args, input) => {
      if (args[0] === '-l') return Promise.resolve({ code: 0, stdout: crontab, stderr: '' });
      crontab = input ?? '';
      return Promise.resolve({ code: 0, stdout: '', stderr: '' });
    };
    const os = cronScheduler(exec, 'Europe/Berlin');
    await os.register(spec);
    await os.register(spec);
    expect(crontab.split('\n').filter((l) => l.endsWith('# agentic-schedule a1b2c3d4'))).toHaveLength(TIMES_PER_JOB);
    await os.unregister(spec.id);
    expect(crontab).toBe('MAILTO=me\n0 5 * * * backup.sh\n');
    expect(replaceCronLines('', 'x', [])).toBe('\n');
  });
});

describe('unregister-all finds the jobs by their names, not by the store', () => {
  const ok = { code: 0, stdout: '', stderr: '' };

  it('Task Scheduler: the tasks schtasks lists in our folder and the XML files beside the data', async () => {
    const calls: string[][] = [];
    const listing = '"\\agentic\\schedule-t1","12/8/2026 8:00:00 AM","Ready"\r\n"\\Other\\schedule-x","N/A","Ready"\r\n"\\agentic\\schedule-t2","N/A","Disabled"\r\n';
    const exec: Exec = (cmd, args) => (calls.push([cmd, ...args]), Promise.resolve(args[0] === '/Query' ? { ...ok, stdout: listing } : ok));
    const xmlDir = join(dir, 'tasks-all');
    mkdirSync(xmlDir, { recursive: true });
    writeFileSync(join(xmlDir, 'schedule-t3.xml'), '');
    writeFileSync(join(xmlDir, 'notes.xml'), '');
    expect((await taskScheduler(exec, xmlDir, 'PC\\u').unregisterAll()).sort()).toEqual(['t1', 't2', 't3']);
    expect(calls.filter((c) => c[1] === '/Delete').map((c) => c[3])).toEqual(['\\agentic\\schedule-t1', '\\agentic\\schedule-t2', '\\agentic\\schedule-t3']);
    expect(readdirSync(xmlDir)).toEqual(['notes.xml']);
  });

  it('launchd: the com.agentic.schedule.* agents, each booted out', async () => {
    const calls: string[][] = [];
    const exec: Exec = (cmd, args) => (calls.push([cmd, ...args]), Promise.resolve(ok));
    const agents = join(dir, 'LaunchAgents');
    mkdirSync(agents, { recursive: true });
    for (const f of ['com.agentic.schedule.m1.plist', 'com.example.backup.plist']) writeFileSync(join(agents, f), '');
    expect(await launchdScheduler(exec, agents, dir, 501).unregisterAll()).toEqual(['m1']);
    expect(calls).toEqual([['launchctl', 'bootout', 'gui/501/com.agentic.schedule.m1']]);
    expect(readdirSync(agents)).toEqual(['com.example.backup.plist']);
  });

  it('cron: every tagged line in one rewrite, the rest kept', async () => {
    let crontab = `MAILTO=me\n${cronLines(spec, 'UTC').join('\n')}\n0 1 * * * x # agentic-schedule other\n0 5 * * * backup.sh # agentic-schedule notes here\n`;
    let writes = 0;
    const exec: Exec = (_cmd, args, input) => {
      if (args[0] === '-l') return Promise.resolve({ ...ok, stdout: crontab });
      writes++;
      crontab = input ?? '';
      return Promise.resolve(ok);
    };
    expect(await cronScheduler(exec, 'UTC').unregisterAll()).toEqual(['a1b2c3d4', 'other']);
    expect(writes).toBe(1);
    expect(crontab).toBe('MAILTO=me\n0 5 * * * backup.sh # agentic-schedule notes here\n');
  });
});
