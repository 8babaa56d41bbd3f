// Stuck detection: the same page observed again after an action, or the same reply written again,
// means the loop is going round. The first repeat earns a warning, the second ends the run.
export type StuckVerdict = 'ok' | 'repeat' | 'stuck';

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

export class StuckDetector {
  private lastPage: string | null = null;
  private lastReply: string | null = null;
  private strikes = 0;

  constructor(private readonly maxStrikes = 2) {}

  /** Records a model reply; a reply identical to the previous one is a strike. */
  reply(text: string): StuckVerdict {
    const key = normalise(text);
    const repeated = key !== '' && key === this.lastReply;
    this.lastReply = key;
    return this.judge(repeated);
  }

  /** Records the page an action led to (URL + content); landing on the same page as before is a strike. */
  page(url: string, content: string): StuckVerdict {
    const key = `${url}\n${normalise(content).slice(0, 4000)}`;
    const repeated = key === this.lastPage;
    this.lastPage = key;
    return this.judge(repeated);
  }

  private judge(repeated: boolean): StuckVerdict {
    if (!repeated) return 'ok';
    this.strikes += 1;
    return this.strikes >= this.maxStrikes ? 'stuck' : 'repeat';
  }
}
