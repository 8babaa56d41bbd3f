// The model self-test's kept results (models.testResults), for the chat's warning and Settings →
// Models; reloaded when the configured model changes and after a test.
import { create } from 'zustand';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { currentResult, selfTestWarning, type SelfTestResult } from '../../../src-main/common/selfTest.js';
import { call } from '../../state/actions.js';
import type { TurnView } from '../../state/types.js';

type Results = CommandOutput<'models.testResults'>;

export const useSelfTest = create<{ results: Results | null }>()(() => ({ results: null }));

export async function loadSelfTestResults(): Promise<void> {
  const results = await call('models.testResults', {});
  if (results) useSelfTest.setState({ results });
}

/**
 * The warning shown on a turn routed to an agent the configured model failed in its last self-test.
 * Only turns started after that test: older ones may have run on another model, or before it was tested.
 */
export function turnSelfTestWarning(turn: Pick<TurnView, 'agent' | 'createdAt'>, result: SelfTestResult | null): string | null {
  if (!result || turn.createdAt < Date.parse(result.date)) return null;
  return selfTestWarning(turn.agent, result);
}

/** The configured model's result, for components. */
export const useCurrentSelfTest = (): SelfTestResult | null => useSelfTest((s) => currentResult(s.results));
