import { useEffect, useState } from 'react';
import type { LocalApiSettings, LocalApiStatus } from '../../../src-main/common/localApi.js';
import { call } from '../../state/actions.js';
import { Field, NumberInput, Toggle } from '../../ui/fields.js';

/**
 * Settings → Local API (issue 32): the app's model and agents for the user's other tools (an editor
 * plugin, a chat UI) and MCP for MCP clients. Off by default; loopback unless LAN access is turned on.
 */
export function LocalApiSection() {
  const [status, setStatus] = useState<LocalApiStatus | null>(null);
  const [port, setPort] = useState(0);
  useEffect(() => {
    void call('localApi.status', {}).then((s) => s && setStatus(s));
    void call('settings.get', {}).then((s) => s && setPort(s.localApi.port));
  }, []);
  const configure = (patch: Partial<LocalApiSettings>) => {
    if (patch.port !== undefined) setPort(patch.port);
    void call('localApi.configure', patch).then((s) => s && setStatus(s));
  };
  if (!status) return null;
  return (
    <section className="settings-section" data-testid="settings-local-api">
      <h3>Local API</h3>
      <p className="muted">
        Serves this app&apos;s model and agents at an OpenAI-compatible address (for Continue, Open WebUI, scripts) and its sandboxed code runner, web agent and workspace search to
        MCP clients. Every request needs the token; code a client asks to run waits for your approval here, as the agents&apos; own blocks do.
      </p>
      <Toggle label="Serve the local API" checked={status.enabled} testId="settings-local-api-enabled" onChange={(enabled) => configure({ enabled })} />
      <Toggle label="Allow access from other machines (LAN)" checked={status.lan} testId="settings-local-api-lan" onChange={(lan) => configure({ lan })} />
      {status.lan && (
        <p className="warning" data-testid="settings-local-api-lan-warning">
          Anyone on your network who learns the token can use the model and run code on this machine.
        </p>
      )}
      <Field label="Port" hint="0: the port it had last time, or any free one.">
        <NumberInput value={port} min={0} max={65_535} testId="settings-local-api-port" onCommit={(p) => configure({ port: p })} />
      </Field>
      {status.error && <p className="warning">{status.error}</p>}
      {status.running && (
        <dl className="muted" data-testid="settings-local-api-running">
          <dt>Base URL</dt>
          <dd>
            <code data-testid="settings-local-api-url">{status.baseUrl}</code>
          </dd>
          <dt>MCP</dt>
          <dd>
            <code>{status.mcpUrl}</code>
          </dd>
        </dl>
      )}
      <Field label="Token" hint="Send it as Authorization: Bearer <token>. A new token stops the old one at once.">
        <span className="field-row">
          <code data-testid="settings-local-api-token">{status.token}</code>
          <button type="button" data-testid="settings-local-api-rotate" onClick={() => void call('localApi.rotateToken', {}).then((s) => s && setStatus(s))}>
            New token
          </button>
        </span>
      </Field>
    </section>
  );
}
