import type { Settings } from '../../../src-main/common/settings.js';
import { Field, NumberInput } from '../../ui/fields.js';
import type { UpdateSettings } from './updateSettings.js';

/** Per-turn checkpoints (issue 19): what is kept, and for how long. */
export function CheckpointsSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const c = settings.checkpoints;
  return (
    <section className="settings-section" data-testid="settings-checkpoints">
      <h3>Checkpoints</h3>
      <p className="muted">Each turn&apos;s changes to the workspace are kept so that they can be seen and undone.</p>
      <div className="field-row">
        <Field label="Largest file kept (MB)" hint="Larger files are recorded but cannot be undone.">
          <NumberInput
            value={c.maxFileMB}
            min={0}
            max={100_000}
            testId="settings-checkpoints-max-file"
            onCommit={(maxFileMB) => void update({ checkpoints: { ...c, maxFileMB } })}
          />
        </Field>
        <Field label="Keep for (days)">
          <NumberInput
            value={c.maxAgeDays}
            min={0}
            max={3650}
            testId="settings-checkpoints-max-age"
            onCommit={(maxAgeDays) => void update({ checkpoints: { ...c, maxAgeDays } })}
          />
        </Field>
        <Field label="Store size limit (MB)" hint="The oldest checkpoints go first.">
          <NumberInput
            value={c.maxStoreMB}
            min={0}
            max={10_000_000}
            testId="settings-checkpoints-max-store"
            onCommit={(maxStoreMB) => void update({ checkpoints: { ...c, maxStoreMB } })}
          />
        </Field>
      </div>
    </section>
  );
}
