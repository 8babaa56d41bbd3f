// `agentic changes` and `agentic undo` / `agentic redo`: a session's turns and what each changed in
// the workspace. Exit status: 0 done, 1 the restore cannot be done (the reason on stderr), 2 an
// unknown session or turn.
import { join } from 'node:path';
import { appPaths, desktopDataDir } from '../../app/paths.js';
import type { ChangeView, RestoreResult } from '../../common/checkpoints.js';
import { escapeControls as safe } from '../../common/terminalText.js';
import { SettingsFile } from '../../node/settings/settingsFile.js';
import { CheckpointService } from '../../node/checkpoints/service.js';
import { limitsFrom } from '../../node/checkpoints/wiring.js';
import { createLogger } from '../../node/logger.js';
import { SqliteStore } from '../../node/store/sqliteStore.js';
import type { CheckpointArgs } from './checkpointArgs.js';

class Refusal extends Error {
  constructor(
    readonly code: 1 | 2,
    message: string,
  ) {
    super(message);
  }
}

const KIND_WIDTH = 9;
function changeLine(c: ChangeView): string {
  // A file name is the blocks' to choose: shown with its control characters escaped.
  const name = safe(c.kind === 'renamed' ? `${c.from} → ${c.path}` : c.path);
  const dir = c.entry === 'dir' ? '/' : '';
  const note = c.restorable ? '' : '  (over the size limit: not kept, cannot be undone)';
  return `  ${c.kind.padEnd(KIND_WIDTH)} ${name}${dir}${note}`;
}

export async function checkpointCommand(args: CheckpointArgs): Promise<number> {
  const { dataDir } = args.desktop ? appPaths({ host: 'electron', userData: desktopDataDir() }) : appPaths({ host: 'cli' });
  const logger = createLogger({ level: 'error' });
  const store = SqliteStore.open(join(dataDir, 'sessions.db'));
  try {
    const service = new CheckpointService({ dataDir, limits: limitsFrom(new SettingsFile(join(dataDir, 'settings.json'), logger)), logger });
    await service.recoverAll();
    return await run(args, store, service);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (args.json) process.stdout.write(JSON.stringify({ error: error.message }) + '\n');
    process.stderr.write(`agentic: ${error.message}\n`);
    return error.code;
  } finally {
    store.close();
  }
}

async function run(args: CheckpointArgs, store: SqliteStore, service: CheckpointService): Promise<number> {
  const session = args.session ? store.getSession(args.session) : (store.listSessions()[0] ?? null);
  if (!session) throw new Refusal(2, args.session ? `No session ${args.session}.` : 'No sessions yet.');
  const turns = store.listTurns(session.id).map((t) => t.turnId);
  const summaries = service.list(session.id);
  const numberOf = (turnId: string) => turns.indexOf(turnId) + 1;
  let turnId: string | undefined;
  if (args.turn !== undefined) {
    turnId = /^\d+$/.test(args.turn) ? turns[Number(args.turn) - 1] : turns.find((t) => t === args.turn);
    if (!turnId) throw new Refusal(2, `Session ${session.id} has no turn ${args.turn} (it has ${turns.length}).`);
  } else if (args.command === 'changes') {
    turnId = turns.at(-1);
    if (!turnId) throw new Refusal(2, `Session ${session.id} has no turns yet.`);
  } else {
    const candidates = summaries.filter((s) => s.state === (args.command === 'undo' ? 'applied' : 'undone')).sort((a, b) => a.seq - b.seq);
    turnId = (args.command === 'undo' ? candidates.at(-1) : candidates[0])?.turnId;
    if (!turnId) throw new Refusal(1, `Nothing to ${args.command} in session ${session.id}.`);
  }
  const n = numberOf(turnId);
  const recorded = summaries.some((s) => s.turnId === turnId);
  if (args.command === 'changes') return printChanges(service, session.id, turnId, n, recorded, args.json);
  if (!recorded) throw new Refusal(1, `Cannot ${args.command} turn ${n}: it changed no files in the workspace.`);
  const result = await service.restore(turnId, args.command, args.cascade);
  return printRestore(result, args, n, numberOf);
}

function printChanges(service: CheckpointService, sessionId: string, turnId: string, n: number, recorded: boolean, json: boolean): number {
  const found = recorded ? service.changes(turnId) : null;
  const changes = found?.changes ?? [];
  const summary = {
    sessionId,
    turnId,
    turn: n,
    state: found?.summary.state ?? 'applied',
    filesChanged: found?.summary.filesChanged ?? 0,
    unrestorable: found?.summary.unrestorable ?? 0,
  };
  if (json) {
    process.stdout.write(JSON.stringify({ ...summary, workspace: found?.workspace ?? null, changes }) + '\n');
    return 0;
  }
  const undone = summary.state === 'undone' ? ' (undone)' : '';
  process.stdout.write(`Turn ${n} (${turnId}): ${summary.filesChanged} file${summary.filesChanged === 1 ? '' : 's'} changed${undone}\n`);
  for (const c of changes) process.stdout.write(changeLine(c) + '\n');
  return 0;
}

function printRestore(result: RestoreResult, args: CheckpointArgs, n: number, numberOf: (id: string) => number): number {
  if (args.json) process.stdout.write(JSON.stringify(result) + '\n');
  const verb = args.command === 'undo' ? 'Undid' : 'Redid';
  if (result.done) {
    if (!args.json) {
      const which = result.turns.map((t) => numberOf(t) || t).join(', ');
      process.stdout.write(`${verb} turn${result.turns.length > 1 ? 's' : ''} ${which}: ${result.restored} path${result.restored === 1 ? '' : 's'} restored.\n`);
      for (const p of result.skipped) process.stdout.write(`  left as is (over the size limit, not kept): ${safe(p)}\n`);
    }
    return 0;
  }
  const hint = result.conflicts.some((c) => c.byTurn) && !args.cascade ? ` Run again with --cascade to ${args.command} those turns too.` : '';
  process.stderr.write(`agentic: cannot ${args.command} turn ${n}: ${safe(result.reason)}${hint}\n`);
  return 1;
}
