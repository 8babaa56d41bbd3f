// Stop sequences over streamed text: text is released only once it can no longer be the start of a
// stop sequence, so a client never sees part of one, and generation can be stopped at the first.

export class StopFilter {
  private held = '';
  private emitted = '';
  private longest: number;
  stopped = false;

  constructor(private readonly stops: readonly string[]) {
    this.longest = Math.max(0, ...stops.map((s) => s.length));
  }

  /** Text safe to release now; after a stop sequence, nothing more. */
  push(text: string): string {
    if (this.stopped) return '';
    if (this.longest === 0) return this.release(text);
    this.held += text;
    let cut = -1;
    for (const stop of this.stops) {
      const at = this.held.indexOf(stop);
      if (at !== -1 && (cut === -1 || at < cut)) cut = at;
    }
    if (cut !== -1) {
      this.stopped = true;
      const out = this.held.slice(0, cut);
      this.held = '';
      return this.release(out);
    }
    const keep = this.longest - 1;
    const out = this.held.slice(0, Math.max(0, this.held.length - keep));
    this.held = this.held.slice(out.length);
    return this.release(out);
  }

  /** The text held back at the end of generation (no stop sequence came). */
  flush(): string {
    const out = this.stopped ? '' : this.held;
    this.held = '';
    return this.release(out);
  }

  /** Everything released so far. */
  get text(): string {
    return this.emitted;
  }

  private release(text: string): string {
    this.emitted += text;
    return text;
  }
}
