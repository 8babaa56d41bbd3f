import { useCallback, useEffect, useState } from 'react';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { McpAddForm } from './McpAddForm.js';

type McpEntry = CommandOutput<'mcp.list'>[number];

function McpRow({ entry, onChanged }: { entry: McpEntry; onChanged: () => void }) {
  const live = useStore((s) => s.domain.mcpStatus[entry.config.name]);
  const [tools, setTools] = useState<string[]>(entry.tools);
  const [testing, setTesting] = useState(false);
  const status = live?.status ?? entry.status;
  const test = async () => {
    setTesting(true);
    const result = await call('mcp.test', { name: entry.config.name });
    setTesting(false);
    if (result) setTools(result.tools);
  };
  const remove = async () => {
    await call('mcp.remove', { name: entry.config.name });
    onChanged();
  };
  const target = entry.config.transport === 'stdio' ? [entry.config.command, ...entry.config.args].join(' ') : entry.config.url;
  return (
    <li className="mcp-row" data-testid="mcp-server" data-status={status}>
      <div className="model-main">
        <span className="model-name">{entry.config.name}</span>
        <span className={`badge badge-mcp-${status}`} data-testid="mcp-status">
          {status}
        </span>
        {entry.config.trusted && <span className="badge">trusted</span>}
      </div>
      <div className="model-meta muted">
        <code>{target}</code>
      </div>
      {live?.message && <div className="model-meta muted">{live.message}</div>}
      {tools.length > 0 && <div className="mcp-tools">Tools: {tools.join(', ')}</div>}
      <div className="model-actions">
        <button className="btn" data-testid="mcp-test" disabled={testing} onClick={() => void test()}>
          {testing ? 'Testing…' : 'Test'}
        </button>
        <button className="btn" data-testid="mcp-remove" onClick={() => void remove()}>
          Remove
        </button>
      </div>
    </li>
  );
}

/** MCP servers: add, test (lists their tools), remove; status updates live. */
export function McpSection() {
  const [entries, setEntries] = useState<McpEntry[] | null>(null);
  const refresh = useCallback(() => {
    void call('mcp.list', {}).then((list) => list && setEntries(list));
  }, []);
  useEffect(refresh, [refresh]);
  return (
    <section className="settings-section" data-testid="settings-mcp">
      <h3>MCP servers</h3>
      {entries === null ? (
        <p className="muted">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="muted">No server yet.</p>
      ) : (
        <ul className="model-list">
          {entries.map((e) => (
            <McpRow key={e.config.name} entry={e} onChanged={refresh} />
          ))}
        </ul>
      )}
      <McpAddForm onAdded={refresh} />
    </section>
  );
}
