// Keeps a bounded copy of a block's output: the beginning (streamed live) and the last part (where
// errors usually are), with a note in between saying how much was dropped.

export const DEFAULT_OUTPUT_CAP = 1024 * 1024;

export class OutputCap {
  private head = '';
  private tailChunks: string[] = [];
  private tailLength = 0;
  private total = 0;
  private readonly headCap: number;
  private readonly tailCap: number;

  constructor(readonly cap = DEFAULT_OUTPUT_CAP) {
    this.headCap = Math.floor(cap * 0.75);
    this.tailCap = cap - this.headCap;
  }

  /** Adds output; returns the part to stream live (empty once the head is full). */
  push(data: string): string {
    this.total += data.length;
    const room = this.headCap - this.head.length;
    const live = room > 0 ? data.slice(0, room) : '';
    this.head += live;
    const rest = data.slice(live.length);
    if (rest !== '') {
      this.tailChunks.push(rest);
      this.tailLength += rest.length;
      while (this.tailChunks.length > 1 && this.tailLength - this.tailChunks[0]!.length >= this.tailCap) {
        this.tailLength -= this.tailChunks.shift()!.length;
      }
    }
    return live;
  }

  get totalLength(): number {
    return this.total;
  }

  get truncated(): boolean {
    return this.total > this.cap;
  }

  text(): string {
    const tail = this.tailChunks.join('');
    if (!this.truncated) return this.head + tail;
    const kept = tail.slice(-this.tailCap);
    const dropped = this.total - this.head.length - kept.length;
    return `${this.head}\n[… ${dropped} characters of output dropped …]\n${kept}`;
  }
}
