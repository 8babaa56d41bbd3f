// How `agentic run` shows a turn: JSON lines with --json, readable text otherwise.
import type { AppEvent } from '../../common/events.js';

export type Printer = (event: AppEvent) => void;

export function jsonPrinter(out: NodeJS.WritableStream): Printer {
  return (event) => {
    // Token deltas stay in the stream too: scripts may want them; they are one line each.
    out.write(JSON.stringify(event) + '\n');
  };
}

export function textPrinter(out: NodeJS.WritableStream, err: NodeJS.WritableStream): Printer {
  let midLine = false;
  const line = (text: string) => {
    if (midLine) out.write('\n');
    out.write(text + '\n');
    midLine = false;
  };
  return (event) => {
    switch (event.type) {
      case 'agent.selected': {
        const why = event.routing ? ` (${event.routing.complexity}, ${event.routing.language}, ${Math.round(event.routing.confidence.agent * 100)}%)` : '';
        line(`[${event.agent}]${why}`);
        break;
      }
      case 'answer.delta':
        out.write(event.text);
        midLine = !event.text.endsWith('\n');
        break;
      case 'block.started':
        line(`── running ${event.tool}${event.savePath ? ` → ${event.savePath}` : ''} ──`);
        break;
      case 'terminal.output':
        out.write(event.data);
        midLine = !event.data.endsWith('\n');
        break;
      case 'block.finished': {
        const mark = event.success ? '✓' : '✗';
        line(`── ${mark} ${event.tool} ${event.status}${event.exitCode !== null ? `, exit ${event.exitCode}` : ''}, ${Math.round(event.durationMs)} ms ──`);
        break;
      }
      case 'context.compacted':
        line(`[history summarised: ${event.beforeTokens} → ${event.afterTokens} tokens]`);
        break;
      case 'plan.updated':
        line(event.steps.map((s) => `  [${s.status}] ${s.id} ${s.agent}: ${s.task}`).join('\n'));
        break;
      case 'browser.navigated':
        line(`[web] ${event.url}`);
        break;
      case 'turn.done':
        if (midLine) out.write('\n');
        midLine = false;
        break;
      case 'turn.failed':
        if (midLine) out.write('\n');
        err.write(`error: ${event.error.message} (${event.error.code})\n`);
        break;
      case 'turn.cancelled':
        line('[stopped]');
        break;
      default:
        break;
    }
  };
}
