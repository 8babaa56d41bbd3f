import { useState } from 'react';
import { call } from '../../state/actions.js';
import { Field, Select, Toggle } from '../../ui/fields.js';
import { draftToConfig, emptyMcpDraft, type McpDraft } from './mcpForm.js';

/** Add an MCP server: its name, transport and trust; the draft is checked before it is sent. */
export function McpAddForm({ onAdded }: { onAdded: () => void }) {
  const [draft, setDraft] = useState<McpDraft>(emptyMcpDraft);
  const [problem, setProblem] = useState('');
  const patch = (p: Partial<McpDraft>) => setDraft((d) => ({ ...d, ...p }));

  const add = async () => {
    const parsed = draftToConfig(draft);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem('');
    if (await call('mcp.add', parsed.config)) {
      setDraft(emptyMcpDraft());
      onAdded();
    }
  };

  return (
    <div className="mcp-add" data-testid="mcp-add">
      <div className="field-row">
        <Field label="Name">
          <input value={draft.name} data-testid="mcp-name" onChange={(e) => patch({ name: e.target.value })} />
        </Field>
        <Field label="Transport">
          <Select
            value={draft.transport}
            options={
              [
                ['stdio', 'Command (stdio)'],
                ['http', 'HTTP URL'],
              ] as const
            }
            testId="mcp-transport"
            onChange={(transport) => patch({ transport })}
          />
        </Field>
      </div>
      <TransportFields draft={draft} patch={patch} />
      <Toggle label="Trust this server (its tools run without asking)" checked={draft.trusted} onChange={(trusted) => patch({ trusted })} />
      {problem && (
        <div className="form-problem" role="alert">
          {problem}
        </div>
      )}
      <button className="btn btn-primary" data-testid="mcp-add-button" onClick={() => void add()}>
        Add server
      </button>
    </div>
  );
}

/** A command with its arguments and environment for stdio, or the server's URL for HTTP. */
function TransportFields({ draft, patch }: { draft: McpDraft; patch: (p: Partial<McpDraft>) => void }) {
  return (
    <>
      {draft.transport === 'stdio' ? (
        <>
          <Field label="Command">
            <input value={draft.command} data-testid="mcp-command" placeholder="node" onChange={(e) => patch({ command: e.target.value })} />
          </Field>
          <Field label="Arguments" hint="Separated by spaces; quote an argument that contains spaces.">
            <input value={draft.args} data-testid="mcp-args" placeholder="server.js --flag" onChange={(e) => patch({ args: e.target.value })} />
          </Field>
          <Field label="Environment" hint="One KEY=value per line.">
            <textarea rows={2} value={draft.env} onChange={(e) => patch({ env: e.target.value })} />
          </Field>
        </>
      ) : (
        <Field label="URL">
          <input value={draft.url} data-testid="mcp-url" placeholder="http://127.0.0.1:3000/mcp" onChange={(e) => patch({ url: e.target.value })} />
        </Field>
      )}
    </>
  );
}
