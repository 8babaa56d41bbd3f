// Carries events to one client in batches with acknowledgement flow control, so that a flood of
// tokens or terminal output can never freeze a UI: consecutive deltas merge while the client is
// behind, and nothing is sent while `maxUnacked` batches wait for their ack.
import type { AppEvent } from '../../common/events.js';

export interface EventBatch {
  batch: number;
  events: AppEvent[];
}

export interface EventChannelOptions {
  /** Flush delay when only tokens and other events wait (about one frame). */
  tokenFlushMs?: number;
  /** Flush delay when terminal output waits. */
  terminalFlushMs?: number;
  maxUnacked?: number;
}

export class EventChannel {
  private queue: AppEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nextBatch = 0;
  private readonly unacked = new Set<number>();
  private closed = false;
  private readonly tokenMs: number;
  private readonly terminalMs: number;
  private readonly maxUnacked: number;

  constructor(
    private readonly send: (batch: EventBatch) => void,
    options: EventChannelOptions = {},
  ) {
    this.tokenMs = options.tokenFlushMs ?? 16;
    this.terminalMs = options.terminalFlushMs ?? 5;
    this.maxUnacked = options.maxUnacked ?? 4;
  }

  push(event: AppEvent): void {
    if (this.closed) return;
    const last = this.queue[this.queue.length - 1];
    if (!mergeInto(last, event)) this.queue.push(event);
    this.schedule(event.type === 'terminal.output' ? this.terminalMs : this.tokenMs);
  }

  ack(batch: number): void {
    if (this.unacked.delete(batch) && this.queue.length) this.schedule(0);
  }

  get pending(): number {
    return this.queue.length;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }

  private schedule(ms: number): void {
    if (this.timer !== null || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }

  private flush(): void {
    if (this.closed || this.queue.length === 0 || this.unacked.size >= this.maxUnacked) return;
    const batch = ++this.nextBatch;
    const events = this.queue;
    this.queue = [];
    this.unacked.add(batch);
    this.send({ batch, events });
  }
}

/** Appends a delta to the previous event of the same stream; returns false when it cannot. */
function mergeInto(last: AppEvent | undefined, event: AppEvent): boolean {
  if (!last || last.type !== event.type) return false;
  if ((last.type === 'answer.delta' || last.type === 'reasoning.delta') && (event.type === 'answer.delta' || event.type === 'reasoning.delta')) {
    if (last.turnId !== event.turnId || last.call !== event.call) return false;
    last.text += event.text;
    last.seq = event.seq;
    return true;
  }
  if (last.type === 'terminal.output' && event.type === 'terminal.output' && last.blockId === event.blockId) {
    last.data += event.data;
    last.seq = event.seq;
    return true;
  }
  if (last.type === 'browser.frame' && event.type === 'browser.frame') {
    // Only the newest frame matters.
    Object.assign(last, event);
    return true;
  }
  return false;
}
