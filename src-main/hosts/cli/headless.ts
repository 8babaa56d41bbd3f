// The packaged desktop app as the OS job's program: `agentic-desktop --agentic-cli run --schedule ID`.
// A packaged app has no Node and no bin/agentic.js, and its Electron cannot become one
// (ELECTRON_RUN_AS_NODE is fused off, build/fuses.mjs), so its main process runs these two
// commands itself, without a window (main.ts), and exits with the CLI's exit status.
import { toErrorData } from '../../common/errors.js';
import { parseCli, UsageError } from './args.js';

async function headlessMain(argv: string[]): Promise<number> {
  const args = parseCli(argv);
  if (args !== 'help' && args.command === 'run-schedule') return (await import('./scheduleRun.js')).scheduledRunCommand(args);
  if (args !== 'help' && args.command === 'schedule' && args.action === 'unregister-all') return (await import('./scheduleUnregister.js')).unregisterAllCommand(args);
  throw new UsageError('without its window the desktop app runs only `run --schedule ID` and `schedule unregister-all`; the whole CLI is `agentic`.');
}

/** Never rejects: the exit status, with the CLI's one-line errors on stderr. */
export async function runHeadless(argv: string[]): Promise<number> {
  try {
    return await headlessMain(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agentic: ${error.message}\n`);
      return 2;
    }
    const data = toErrorData(error);
    process.stderr.write(`agentic: ${data.message} (${data.code})\n`);
    return 1;
  }
}
