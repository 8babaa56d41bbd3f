import { AGENTS, type AgentChoice } from '../../../src-main/common/agents.js';
import { useStore } from '../../state/store.js';

const OPTIONS: ReadonlyArray<readonly [AgentChoice, string]> = [['auto', 'Auto (router)'], ...AGENTS.map((a) => [a.id, a.label] as const)];

/** Which agent handles the next request; "auto" lets the router decide. */
export function AgentPicker() {
  const choice = useStore((s) => s.agentChoice);
  const set = useStore((s) => s.set);
  return (
    <select
      className="agent-picker"
      data-testid="agent-picker"
      aria-label="Agent for the next request"
      value={choice}
      onChange={(e) => set({ agentChoice: e.target.value as AgentChoice })}
    >
      {OPTIONS.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
