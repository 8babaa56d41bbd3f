// API requests take turns, one generation at a time, in arrival order: the model's one sequence is
// shared with the app's own turns (the provider queues calls on it), so a client that sends fifty
// requests at once puts one ahead of the user's next turn, not fifty. Past `maxWaiting` the API
// answers 429 rather than holding sockets without end.
import { AppError } from '../../common/errors.js';
import { HttpError } from './http.js';

export class FairQueue {
  private running = 0;
  private readonly waiting: { start: () => void; signal: AbortSignal; onAbort: () => void }[] = [];

  constructor(
    private readonly concurrency = 1,
    private readonly maxWaiting = 64,
  ) {}

  get size(): number {
    return this.waiting.length;
  }

  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.running--;
      this.next();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new AppError('CANCELLED', 'Cancelled.'));
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting)
      return Promise.reject(new HttpError(429, 'queue_full', `${this.waiting.length} requests are already waiting for the model; try again later.`));
    return new Promise<void>((resolve, reject) => {
      const entry = {
        signal,
        start: () => {
          signal.removeEventListener('abort', entry.onAbort);
          this.running++;
          resolve();
        },
        onAbort: () => {
          const at = this.waiting.indexOf(entry);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(new AppError('CANCELLED', 'Cancelled while waiting.'));
        },
      };
      signal.addEventListener('abort', entry.onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private next(): void {
    if (this.running < this.concurrency) this.waiting.shift()?.start();
  }
}
