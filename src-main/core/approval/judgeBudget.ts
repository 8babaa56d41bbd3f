// The judge's time budget. Model output is judged on the main process's event loop, so the work per
// block is bounded: past the deadline the block asks instead of being judged.

/** Thrown when the judge ran out of time; judgeBlock turns it into an "ask". */
export class OverBudget extends Error {
  constructor() {
    super('the approval check ran out of time');
  }
}

export class JudgeBudget {
  private readonly deadline: number;
  private ticks = 0;

  constructor(ms: number) {
    this.deadline = performance.now() + ms;
  }

  /** Cheap enough for inner loops: reads the clock once every 512 calls. */
  tick(): void {
    if ((++this.ticks & 511) === 0) this.check();
  }

  check(): void {
    if (performance.now() > this.deadline) throw new OverBudget();
  }
}

/** A budget that never runs out, for callers outside the judge (the interactive-program check). */
export const UNLIMITED: JudgeBudget = new JudgeBudget(Number.POSITIVE_INFINITY);
