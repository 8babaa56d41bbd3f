// The OS job of a packaged app, run from the packaged files: the job's command line is built for the
// packaged layout (the app's executable with --agentic-cli, not Node on bin/agentic.js, which is not
// shipped), written into a systemd unit, and started as systemd would start it, with Replay. The
// stand-in Electron cannot run JavaScript, so the executable here is a shell script doing what
// main.ts does with the flag: it hands the arguments after it to the archive's out/main/headless.js,
// run by Node from app.asar extracted (unpacked natives included) in the packaged folder layout.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asar from '@electron/asar';
import { cliCommand, HEADLESS_FLAG, jobSpec } from '../../../src-main/node/schedule/os/jobSpec.js';
import { systemdService, unitName } from '../../../src-main/node/schedule/os/systemd.js';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { collectRun } from '../../helpers/processes.js';
import { execStartOf } from '../../helpers/systemdExec.js';

export interface PackagedJobRun {
  /** The job's program words as jobSpec built them for the packaged layout. */
  program: string[];
  /** main.js in the archive dispatches the flag to headless.js. */
  mainDispatches: boolean;
  code: number | null;
  stderr: string;
  lines: Record<string, unknown>[];
  scheduleId: string;
  dataDir: string;
}

/** The packaged app's folder rebuilt under `stage` with app.asar extracted in place, and its executable a stand-in that does main.ts's dispatch. */
function stagePackage(appDir: string, stage: string): { exe: string; asarDir: string } {
  const resources = join(stage, 'resources');
  mkdirSync(resources, { recursive: true });
  const asarDir = join(resources, 'app.asar');
  asar.extractAll(join(appDir, 'resources', 'app.asar'), asarDir);
  for (const dir of ['router', 'models', 'voice', 'knowledge']) symlinkSync(join(appDir, 'resources', dir), join(resources, dir));
  const exe = join(stage, 'agentic-desktop');
  const headless = join(asarDir, 'out', 'main', 'headless.js');
  writeFileSync(
    exe,
    `#!/bin/sh
# Stand-in for the packaged Electron: main.ts runs the arguments after ${HEADLESS_FLAG} headless.
while [ $# -gt 0 ] && [ "$1" != '${HEADLESS_FLAG}' ]; do shift; done
[ "$1" = '${HEADLESS_FLAG}' ] || { echo 'no ${HEADLESS_FLAG}: this would open the window' >&2; exit 3; }
shift
exec '${process.execPath}' --input-type=module -e 'const m = await import(process.argv[1]); process.exitCode = await m.runHeadless(process.argv.slice(2));' '${headless}' "$@"
`,
  );
  chmodSync(exe, 0o755);
  return { exe, asarDir };
}

export async function runPackagedJob(appDir: string, stage: string): Promise<PackagedJobRun> {
  const { exe, asarDir } = stagePackage(appDir, stage);
  // main.js looks for the flag (a constant it imports from a chunk) and hands over to headless.js.
  const mainJs = readFileSync(join(asarDir, 'out', 'main', 'main.js'), 'utf8');
  const chunks = readdirSync(join(asarDir, 'out', 'main', 'chunks')).map((f) => readFileSync(join(asarDir, 'out', 'main', 'chunks', f), 'utf8'));
  const mainDispatches =
    /process\.argv\.indexOf\(HEADLESS_FLAG\)/.test(mainJs) && mainJs.includes('import("./headless.js")') && chunks.some((c) => c.includes(`HEADLESS_FLAG = "${HEADLESS_FLAG}"`));
  const dataDir = join(stage, 'data');
  const store = ScheduleStore.open(join(dataDir, 'sessions.db'));
  const schedule = store.create({ request: 'Say good morning', rule: { kind: 'daily', time: '08:00' }, timeZone: 'UTC', agent: 'casual' });
  store.connection.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(Date.now() - 60_000, schedule.id);
  store.close();
  const replay = join(stage, 'morning.json');
  writeFileSync(replay, JSON.stringify({ responses: ['Good morning! Nothing on your list needed doing today, so I left everything as it was.'] }));

  // The packaged app's own command (Electron, code in an .asar), as wiring.ts builds it there.
  const cli = cliCommand(asarDir, exe, true, {}, 'linux');
  const spec = jobSpec(schedule, cli, { dataDir, extraArgs: ['--replay', replay, '--json'] });
  const unitDir = join(stage, 'units');
  mkdirSync(unitDir, { recursive: true });
  const service = join(unitDir, `${unitName(schedule.id)}.service`);
  writeFileSync(service, systemdService(spec, unitDir));
  const { argv, env } = execStartOf(readFileSync(service, 'utf8'));
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: '/',
    env: { PATH: process.env.PATH!, HOME: stage, AGENTIC_HOME: stage, AGENTIC_LOG: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, stderr, lines } = await collectRun(child, 120_000);
  return { program: cli.argv, mainDispatches, code, stderr, lines, scheduleId: schedule.id, dataDir };
}
