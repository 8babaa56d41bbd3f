import { APPROVAL_MODES } from '../../../src-main/common/approvalModes.js';
import type { Settings } from '../../../src-main/common/settings.js';
import { useStore } from '../../state/store.js';
import { Field, NumberInput, Select, TextInput, Toggle } from '../../ui/fields.js';
import type { UpdateSettings } from './updateSettings.js';

export function ExecutionSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  // The folder in use can come from a command-line option or the default; show it, not an empty field.
  const inUse = useStore((s) => s.info?.workspace ?? '');
  const hint =
    inUse && inUse !== settings.workspace ? (
      <>
        Where the agents read and write files. <span data-testid="workspace-in-use">In use now: {inUse}</span>
      </>
    ) : (
      'Where the agents read and write files.'
    );
  return (
    <section className="settings-section" data-testid="settings-execution">
      <h3>Workspace and execution</h3>
      <Field label="Workspace folder" hint={hint}>
        <TextInput value={settings.workspace} placeholder={inUse} testId="settings-workspace" onCommit={(workspace) => void update({ workspace })} />
      </Field>
      <Toggle
        label="Allow network access inside the sandbox"
        testId="settings-sandbox-network"
        checked={settings.sandbox.network}
        onChange={(network) => void update({ sandbox: { ...settings.sandbox, network } })}
      />
      <Field label="Approval">
        <Select
          value={settings.approval.mode}
          testId="settings-approval-mode"
          options={APPROVAL_MODES.map((m) => [m.id, m.label] as const)}
          onChange={(mode) => void update({ approval: { ...settings.approval, mode } })}
        />
      </Field>
      <div className="field-row">
        <Field label="Block time limit (s)">
          <NumberInput value={settings.blockTimeoutSec} min={1} max={86_400} testId="settings-block-timeout" onCommit={(blockTimeoutSec) => void update({ blockTimeoutSec })} />
        </Field>
        <Field label="Compile time limit (s)">
          <NumberInput value={settings.compileTimeoutSec} min={1} max={3_600} onCommit={(compileTimeoutSec) => void update({ compileTimeoutSec })} />
        </Field>
        <Field label="Max attempts">
          <NumberInput value={settings.maxAttempts} min={1} max={50} testId="settings-max-attempts" onCommit={(maxAttempts) => void update({ maxAttempts })} />
        </Field>
        <Field label="Blocks per reply">
          <NumberInput value={settings.maxBlocksPerReply} min={1} max={200} testId="settings-max-blocks" onCommit={(maxBlocksPerReply) => void update({ maxBlocksPerReply })} />
        </Field>
      </div>
      <Field label="SearxNG URL" hint="Optional: search through your own SearxNG instead of the browser.">
        <TextInput value={settings.searxngUrl} placeholder="http://127.0.0.1:8888" testId="settings-searxng" onCommit={(searxngUrl) => void update({ searxngUrl })} />
      </Field>
      <Field label="Answer language" hint="“auto” answers in the language of the request.">
        <TextInput value={settings.language} onCommit={(language) => void update({ language })} />
      </Field>
    </section>
  );
}
