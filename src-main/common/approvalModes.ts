// The one table of approval modes: what each means for an action that the rules judged (a block, an
// MCP call, anything a tool does outside). The settings enum, the Settings picker and every judge
// read it, so a mode means the same thing wherever it applies.
import { idsOf } from './table.js';

export const APPROVAL_MODES = [
  { id: 'ask-risky', label: 'Ask before risky commands', asks: 'when-risky' },
  { id: 'ask-all', label: 'Ask before every command', asks: 'always' },
  { id: 'allow-all', label: 'Never ask (not recommended)', asks: 'never' },
] as const satisfies readonly { id: string; label: string; asks: 'when-risky' | 'always' | 'never' }[];

export const APPROVAL_MODE_IDS = idsOf(APPROVAL_MODES);
export type ApprovalMode = (typeof APPROVAL_MODE_IDS)[number];
export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'ask-risky';

/**
 * Whether the user is asked, and why, given the reasons the rules found (empty: nothing risky).
 * Taint is not a mode's business: the judges add it on top, in every mode (injected instructions are
 * the threat it guards against, so even 'allow-all' asks then).
 */
export function askUnderMode(mode: ApprovalMode, risks: readonly string[], everyAction = 'approval mode asks before every action'): string[] {
  const asks = APPROVAL_MODES.find((m) => m.id === mode)?.asks ?? 'when-risky';
  if (asks === 'never') return [];
  if (asks === 'always') return [everyAction, ...risks];
  return [...risks];
}
