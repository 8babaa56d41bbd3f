// How `agentic run` shows a turn: JSON lines with --json, readable text otherwise.
import type { AppEvent } from '../../common/events.js';
import { escapeControls as safe, streamEscaper } from '../../common/terminalText.js';

export type Printer = (event: AppEvent) => void;

export function jsonPrinter(out: NodeJS.WritableStream): Printer {
  return (event) => {
    // The session list's refresh signal is for windows, not for a run's stream.
    if (event.type === 'sessions.changed') return;
    // Token deltas stay in the stream too: scripts may want them; they are one line each.
    out.write(JSON.stringify(event) + '\n');
  };
}

/** The last lines of a block's output: why it failed, when the terminal did not already show it. */
export function tailLines(text: string, count = 6): string {
  const lines = safe(text.replace(/\r/g, '')).trimEnd().split('\n');
  const tail = lines.slice(-count).map((l) => `   ${l}`);
  return (lines.length > count ? ['   …', ...tail] : tail).join('\n');
}

export function textPrinter(out: NodeJS.WritableStream, err: NodeJS.WritableStream): Printer {
  let midLine = false;
  /** Blocks whose output the terminal has shown live. */
  const shown = new Set<string>();
  const line = (text: string) => {
    if (midLine) out.write('\n');
    out.write(text + '\n');
    midLine = false;
  };
  // A terminal sees the percentage count up on one line; a pipe or a log gets only the start and the end.
  const live = (err as NodeJS.WriteStream).isTTY === true;
  let loading: string | null = null;
  // What the model and the blocks write is shown with its control characters escaped (common/terminalText.ts).
  const answer = streamEscaper();
  const terminal = streamEscaper();
  const stream = (text: string) => {
    if (!text) return;
    out.write(text);
    midLine = !text.endsWith('\n');
  };
  return (event) => {
    switch (event.type) {
      case 'model.loadProgress':
        if (event.status === 'loading') {
          if (loading === null) err.write(`Loading ${event.model}…`);
          else if (live) err.write(`\rLoading ${event.model}… ${Math.floor(event.progress * 100)} %`);
          loading = event.model;
        } else {
          const end = event.status === 'loaded' ? ' done' : ` failed: ${event.message ?? 'unknown error'}`;
          err.write(loading === null ? `Loading ${event.model}…${end}\n` : live ? `\rLoading ${event.model}…${end}    \n` : `${end}\n`);
          loading = null;
        }
        break;
      case 'llm.started':
        stream(answer.flush());
        // Each model call is its own reply: never glue it to the end of the previous one.
        if (midLine) out.write('\n');
        midLine = false;
        break;
      case 'agent.selected': {
        const why = event.routing ? ` (${event.routing.complexity}, ${event.routing.language}, ${Math.round(event.routing.confidence.agent * 100)}%)` : '';
        line(`[${event.agent}]${safe(why)}`);
        break;
      }
      case 'answer.delta':
        stream(answer.write(event.text));
        break;
      case 'block.started':
        stream(answer.flush());
        line(`── running ${safe(event.tool)}${event.savePath ? ` → ${safe(event.savePath)}` : ''} ──`);
        break;
      case 'terminal.output':
        if (event.data) shown.add(event.blockId);
        stream(terminal.write(event.data));
        break;
      case 'block.finished': {
        stream(terminal.flush());
        const mark = event.success ? '✓' : '✗';
        line(`── ${mark} ${safe(event.tool)} ${event.status}${event.exitCode !== null ? `, exit ${event.exitCode}` : ''}, ${Math.round(event.durationMs)} ms ──`);
        if (event.status === 'declined') line('   not run: declined');
        else if (!event.success && !shown.has(event.blockId) && event.output.trim()) line(tailLines(event.output));
        break;
      }
      case 'context.compacted':
        line(`[history summarised: ${event.beforeTokens} → ${event.afterTokens} tokens]`);
        break;
      case 'work.progress':
        line(event.stage === 'part' ? `[reading part ${event.part} of ${event.parts}]` : `[combining ${event.parts} parts]`);
        break;
      case 'input.stored':
        line(`[kept as ${event.path}: ${event.chars} characters, about ${event.tokens} tokens]`);
        break;
      case 'plan.updated':
        line(safe(event.steps.map((s) => `  [${s.status}] ${s.id} ${s.agent}: ${s.task}`).join('\n')));
        break;
      case 'browser.navigated':
        line(`[web] ${safe(event.url)}`);
        break;
      case 'turn.done':
        stream(answer.flush());
        if (midLine) out.write('\n');
        midLine = false;
        break;
      case 'turn.failed':
        if (midLine) out.write('\n');
        err.write(`error: ${safe(event.error.message)} (${event.error.code})\n`);
        break;
      case 'turn.cancelled':
        line('[stopped]');
        break;
      default:
        break;
    }
  };
}
