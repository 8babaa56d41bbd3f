// Settings → Models → "Test this model" (issue 25): starts the battery in the app (models.test),
// follows its `selftest.progress` events, stops it (models.testStop), and reloads the kept results
// when it ends so the summary and the chat's warnings show the new one.
import { create } from 'zustand';
import type { AppEvent } from '../../../src-main/common/events.js';
import type { SelfTestProgress } from '../../../src-main/common/selfTest.js';
import { bridge } from '../../bridge/index.js';
import { call } from '../../state/actions.js';
import { loadSelfTestResults } from '../chat/selfTestStore.js';

export const useSelfTestRun = create<{ progress: SelfTestProgress | null }>()(() => ({ progress: null }));

/** Folds the battery's progress events into the store; reloads the results when a test ends. */
export function selfTestRunEvents(events: readonly AppEvent[]): void {
  for (const e of events) {
    if (e.type !== 'selftest.progress') continue;
    const { state, model, agent, done, of, error } = e;
    useSelfTestRun.setState({ progress: { state, model, agent, done, of, error } });
    if (state !== 'running') void loadSelfTestResults();
  }
}

let connected = false;
/** Listens to progress from the first time Settings → Models is shown (a test starts only there). */
export function connectSelfTestRun(): void {
  if (connected) return;
  connected = true;
  bridge().onEvents((events) => selfTestRunEvents(events));
}

export async function startSelfTest(): Promise<void> {
  const started = await call('models.test', {});
  if (started) useSelfTestRun.setState({ progress: { state: 'running', model: started.model, agent: null, done: [], of: started.of, error: null } });
}

export async function stopSelfTest(): Promise<void> {
  await call('models.testStop', {});
}

/** "Testing coder (2 of 5)…", "Finished: 3 of 5 passed." — the line under the button. */
export function progressLine(p: SelfTestProgress): string {
  const passed = p.done.filter((d) => d.passed).length;
  switch (p.state) {
    case 'running':
      return p.agent ? `Testing the ${p.agent} agent (${p.done.length + 1} of ${p.of})…` : 'Starting the test…';
    case 'done':
      return `Finished: ${passed} of ${p.of} agents passed.`;
    case 'stopped':
      return `Stopped after ${p.done.length} of ${p.of} agents.`;
    case 'failed':
      return `The test could not run: ${p.error ?? 'unknown error'}`;
  }
}
