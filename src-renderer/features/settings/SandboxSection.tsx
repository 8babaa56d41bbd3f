import { useCallback, useEffect, useState } from 'react';
import type { SandboxPolicy } from '../../../src-main/common/contract.js';
import { SANDBOX_LIMITS, type Settings } from '../../../src-main/common/settings.js';
import { call } from '../../state/actions.js';
import { Field, NumberInput, Toggle } from '../../ui/fields.js';
import type { UpdateSettings } from './updateSettings.js';

/** The limit inputs; their bounds are the schema's (SANDBOX_LIMITS). */
const LIMIT_FIELDS = [
  ['maxProcesses', 'Processes per block', 'settings-sandbox-processes'],
  ['memoryMiB', 'Memory per process (MiB)', 'settings-sandbox-memory'],
  ['tmpMiB', '/tmp size (MiB)', 'settings-sandbox-tmp'],
] as const satisfies readonly (readonly [keyof typeof SANDBOX_LIMITS, string, string])[];

/** The sandbox blocks run in: the effective policy (what a block sees and never sees) and its limits. */
export function SandboxSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const [policy, setPolicy] = useState<SandboxPolicy | null>(null);
  const refresh = useCallback(() => {
    void call('sandbox.explain', {}).then((p) => p && setPolicy(p));
  }, []);
  // The policy follows the settings: refetch after each change.
  useEffect(refresh, [refresh, settings.sandbox, settings.workspace]);
  const sandbox = settings.sandbox;
  const set = (patch: Partial<Settings['sandbox']>) => void update({ sandbox: { ...sandbox, ...patch } });
  return (
    <section className="settings-section" data-testid="settings-sandbox">
      <h3>Sandbox</h3>
      <p className="muted">
        The sandbox is the boundary: a block sees only the workspace, its own private home and the toolchains, never your files, keys or the app&apos;s data, whatever was approved.
        Checkpoints undo what it changed in the workspace. With the network on, a block can send what it can read — which is why it can read no secret.
      </p>
      {policy && <PolicyView policy={policy} />}
      <div className="field-row">
        {LIMIT_FIELDS.map(([key, label, testId]) => (
          <Field key={key} label={label}>
            <NumberInput value={sandbox[key]} min={SANDBOX_LIMITS[key].min} max={SANDBOX_LIMITS[key].max} testId={testId} onCommit={(n) => set({ [key]: n })} />
          </Field>
        ))}
      </div>
      {policy?.kind === 'none' && (
        <>
          <Toggle
            label="Run blocks without a sandbox (they get your user's full rights: every file, key and socket you can reach)"
            testId="settings-sandbox-unsandboxed"
            checked={sandbox.allowUnsandboxed}
            onChange={(allowUnsandboxed) => set({ allowUnsandboxed })}
          />
          {sandbox.allowUnsandboxed && <p className="warning">Blocks run unconfined on this machine.</p>}
        </>
      )}
    </section>
  );
}

/** The effective policy: the sandbox's kind, what a block sees (its mounts) and never sees, its limits. */
function PolicyView({ policy }: { policy: SandboxPolicy }) {
  return (
    <div data-testid="sandbox-policy">
      <p>
        <strong>{policy.kind === 'none' ? 'No sandbox available' : policy.kind}</strong> — {policy.identity}
      </p>
      {policy.warning && <p className="warning">{policy.warning}</p>}
      <details>
        <summary>What a block sees ({policy.mounts.length} mounts) and never sees</summary>
        <ul className="muted" data-testid="sandbox-mounts">
          {policy.mounts.map((m, i) => (
            <li key={i}>
              {m.kind} {m.path} — {m.why}
            </li>
          ))}
        </ul>
        <p>Never visible:</p>
        <ul className="muted" data-testid="sandbox-hidden">
          {policy.hidden.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
        <p className="muted">
          Processes: {policy.limits.processLimit}. Memory: {policy.limits.memoryLimit}.
        </p>
      </details>
    </div>
  );
}
