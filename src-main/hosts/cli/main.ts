#!/usr/bin/env node
// The `agentic` command line. Exit status: 0 the turn ran to its end, 1 it failed, 2 bad usage.
// Errors are one line on stderr, never a stack trace.
import { toErrorData } from '../../common/errors.js';
import { parseCli, USAGE, UsageError } from './args.js';

async function main(argv: string[]): Promise<number> {
  const args = parseCli(argv);
  if (args === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  // A long request on the command line crashes onnxruntime-node: move it into a file first.
  const inline = args.command === 'route' || (args.command === 'run' && args.requestFrom === 'argument');
  if (inline && args.request && (await import('./requestInput.js')).argvTooLong(argv)) {
    return (await import('./requestInput.js')).relaunchWithRequestFile(argv, args.request);
  }
  // Commands load their modules on demand: bad usage is answered at once, without loading the
  // engines (llama.cpp, onnxruntime, Chromium's driver) that a run needs.
  switch (args.command) {
    case 'run':
      return (await import('./run.js')).runCommand(args);
    case 'route':
      return (await import('./route.js')).routeCommand(args);
    case 'models':
      return (await import('./models.js')).modelsCommand(args);
    case 'sessions':
      return (await import('./models.js')).sessionsCommand(args);
    case 'memory':
      return (await import('./memory.js')).memoryCommand(args);
    case 'listen':
      return (await import('./voice.js')).listenCommand(args);
    case 'say':
      return (await import('./voice.js')).sayCommand(args);
    case 'chat':
      return (await import('./chat.js')).chatCommand(args);
    case 'sandbox':
      return (await import('./sandbox.js')).sandboxCommand(args);
    case 'search':
      return (await import('./search.js')).searchCommand(args);
    case 'serve':
      return (await import('./serve.js')).serveCommand(args);
    case 'mcp':
      return (await import('./mcpStdio.js')).mcpCommand(args);
    case 'doctor':
      return (await import('./doctor.js')).doctorCommand(args);
    case 'engines':
      return (await import('./engines.js')).enginesCommand(args);
    case 'changes':
    case 'undo':
    case 'redo':
      return (await import('./checkpoints.js')).checkpointCommand(args);
    case 'schedule':
      return (await import('./schedule.js')).scheduleCommand(args);
    case 'run-schedule':
      return (await import('./scheduleRun.js')).scheduledRunCommand(args);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`agentic: ${error.message} (see agentic --help)\n`);
      process.exitCode = 2;
      return;
    }
    const data = toErrorData(error);
    process.stderr.write(`agentic: ${data.message} (${data.code})\n`);
    process.exitCode = data.code === 'REPLAY_INVALID' || data.code === 'BAD_INPUT' ? 2 : 1;
  },
);
