import type { AppEvent, EventInput } from '../../common/events.js';

export type EventListener = (event: AppEvent) => void;

/** Stamps each event with a global sequence number and fans it out. Listeners never break emitters. */
export class EventBus {
  private seq = 0;
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  emit = (input: EventInput): void => {
    const event = { ...input, seq: ++this.seq } as AppEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  };

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
