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

/** Standard output as lines and streamed text: it remembers whether a streamed text stopped mid-line. */
function screenOf(out: NodeJS.WritableStream) {
  let midLine = false;
  return {
    /** Streamed text (the answer, a block's output), written as it comes. */
    stream(text: string) {
      if (!text) return;
      out.write(text);
      midLine = !text.endsWith('\n');
    },
    /** Finishes a streamed line so that what follows starts on its own. */
    endLine() {
      if (midLine) out.write('\n');
      midLine = false;
    },
    line(text: string) {
      this.endLine();
      out.write(text + '\n');
    },
    /** Breaks the line before an error goes to stderr; the state stays as it was (a chat's next turn then starts on a fresh line). */
    breakBeforeError() {
      if (midLine) out.write('\n');
    },
  };
}

/** The model's loading on stderr: a terminal sees the percentage count up on one line; a pipe or a log gets only the start and the end. */
function loadProgressWriter(err: NodeJS.WritableStream): (event: Extract<AppEvent, { type: 'model.loadProgress' }>) => void {
  const live = (err as NodeJS.WriteStream).isTTY === true;
  let loading: string | null = null;
  return (event) => {
    if (event.status === 'loading') {
      if (loading === null) err.write(`Loading ${event.model}…`);
      else if (live) err.write(`\rLoading ${event.model}… ${Math.floor(event.progress * 100)} %`);
      loading = event.model;
      return;
    }
    const end = event.status === 'loaded' ? ' done' : ` failed: ${event.message ?? 'unknown error'}`;
    err.write(loading === null ? `Loading ${event.model}…${end}\n` : live ? `\rLoading ${event.model}…${end}    \n` : `${end}\n`);
    loading = null;
  };
}

/** The one-line notices a turn shows between its streams, or undefined for events that are not one. */
function noticeLine(event: AppEvent): string | undefined {
  switch (event.type) {
    case 'agent.selected': {
      const why = event.routing ? ` (${event.routing.complexity}, ${event.routing.language}, ${Math.round(event.routing.confidence.agent * 100)}%)` : '';
      return `[${event.agent}]${safe(why)}`;
    }
    case 'context.compacted':
      return `[history summarised: ${event.beforeTokens} → ${event.afterTokens} tokens]`;
    case 'work.progress':
      return event.stage === 'part' ? `[reading part ${event.part} of ${event.parts}]` : `[combining ${event.parts} parts]`;
    case 'input.stored':
      return `[kept as ${event.path}: ${event.chars} characters, about ${event.tokens} tokens]`;
    case 'plan.updated':
      return safe(event.steps.map((s) => `  [${s.status}] ${s.id} ${s.agent}: ${s.task}`).join('\n'));
    case 'browser.navigated':
      return `[web] ${safe(event.url)}`;
    case 'turn.cancelled':
      return '[stopped]';
    default:
      return undefined;
  }
}

/** A finished block's summary line, and why it failed when its terminal showed nothing live. */
function blockFinishedLines(event: Extract<AppEvent, { type: 'block.finished' }>, shownLive: boolean): string[] {
  const mark = event.success ? '✓' : '✗';
  const lines = [`── ${mark} ${safe(event.tool)} ${event.status}${event.exitCode !== null ? `, exit ${event.exitCode}` : ''}, ${Math.round(event.durationMs)} ms ──`];
  if (event.status === 'declined') lines.push('   not run: declined');
  else if (!event.success && !shownLive && event.output.trim()) lines.push(tailLines(event.output));
  return lines;
}

export function textPrinter(out: NodeJS.WritableStream, err: NodeJS.WritableStream): Printer {
  const screen = screenOf(out);
  const loadProgress = loadProgressWriter(err);
  /** Blocks whose output the terminal has shown live. */
  const shown = new Set<string>();
  // What the model and the blocks write is shown with its control characters escaped (common/terminalText.ts).
  const answer = streamEscaper();
  const terminal = streamEscaper();
  return (event) => {
    switch (event.type) {
      case 'model.loadProgress':
        return loadProgress(event);
      case 'llm.started':
        screen.stream(answer.flush());
        // Each model call is its own reply: never glue it to the end of the previous one.
        return screen.endLine();
      case 'answer.delta':
        return screen.stream(answer.write(event.text));
      case 'block.started':
        screen.stream(answer.flush());
        return screen.line(`── running ${safe(event.tool)}${event.savePath ? ` → ${safe(event.savePath)}` : ''} ──`);
      case 'terminal.output':
        if (event.data) shown.add(event.blockId);
        return screen.stream(terminal.write(event.data));
      case 'block.finished':
        screen.stream(terminal.flush());
        return blockFinishedLines(event, shown.has(event.blockId)).forEach((text) => screen.line(text));
      case 'turn.done':
        screen.stream(answer.flush());
        return screen.endLine();
      case 'turn.failed':
        screen.breakBeforeError();
        err.write(`error: ${safe(event.error.message)} (${event.error.code})\n`);
        return;
      default: {
        const notice = noticeLine(event);
        if (notice !== undefined) screen.line(notice);
      }
    }
  };
}
