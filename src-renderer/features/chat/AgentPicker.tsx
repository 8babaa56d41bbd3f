import { AGENT_CHOICES, type AgentChoice } from '../../../src-main/common/agents.js';
import { useStore } from '../../state/store.js';

const LABELS: Record<AgentChoice, string> = {
  auto: 'Auto (router)',
  casual: 'Casual',
  coder: 'Coder',
  file: 'Files',
  web: 'Web',
  planner: 'Planner',
  mcp: 'MCP tools',
};

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
      {AGENT_CHOICES.map((a) => (
        <option key={a} value={a}>
          {LABELS[a]}
        </option>
      ))}
    </select>
  );
}
