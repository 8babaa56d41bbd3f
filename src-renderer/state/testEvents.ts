import type { AppEvent, EventInput } from '../../src-main/common/events.js';

/** Any event without its stamp; sessionId and turnId default to s1 / t1. */
export type TestEvent = EventInput extends infer E ? (E extends EventInput ? Omit<E, 'sessionId' | 'turnId'> & Partial<Pick<E, 'sessionId' | 'turnId'>> : never) : never;

let seq = 0;
/** Builds a stamped event for reducer tests. */
export function ev(event: TestEvent): AppEvent {
  return { sessionId: 's1', turnId: 't1', ...event, seq: ++seq } as AppEvent;
}
