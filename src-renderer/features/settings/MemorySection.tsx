import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemoryItemView } from '../../../src-main/common/memory.js';
import type { Settings } from '../../../src-main/common/settings.js';
import { Field, TextInput, Toggle } from '../../ui/fields.js';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import type { UpdateSettings } from './updateSettings.js';

/** Settings → Memory (issue 29): what the agents remember across sessions, each fact editable, switchable and removable. */
export function MemorySection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const m = settings.memory;
  const [items, setItems] = useState<MemoryItemView[]>([]);
  const [draft, setDraft] = useState('');
  const local = useStore((s) => s.info?.provider.local ?? true);
  const version = useStore((s) => s.domain.memoryVersion);
  const reload = useCallback(() => void call('memory.list', {}).then((list) => list && setItems(list)), []);
  useEffect(reload, [reload, version]);

  const add = async () => {
    if (!draft.trim()) return;
    if (await call('memory.add', { text: draft.trim() })) setDraft('');
    reload();
  };
  return (
    <section className="settings-section" data-testid="settings-memory">
      <h3>Memory</h3>
      <p className="muted">Facts the agents keep across sessions: say “remember …” in a chat, or add them here. Agents may propose one; it is kept only when you click Keep.</p>
      <div className="field-row">
        <Toggle label="Use memory" checked={m.enabled} testId="settings-memory-enabled" onChange={(enabled) => void update({ memory: { enabled } })} />
        <Toggle label="Send memories to cloud providers" checked={m.allowCloud} testId="settings-memory-cloud" onChange={(allowCloud) => void update({ memory: { allowCloud } })} />
      </div>
      <p className="muted" data-testid="memory-cloud-note">
        {local
          ? 'The current provider runs on this machine: memories stay here.'
          : m.allowCloud
            ? 'The current provider is a cloud service and receives your memories.'
            : 'The current provider is a cloud service: memories are not sent to it.'}
      </p>
      <MemoryList items={items} reload={reload} />
      <Field label="Add a memory">
        <input
          value={draft}
          maxLength={1000}
          data-testid="memory-add-text"
          placeholder="My project uses Python 3.12"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void add()}
        />
        <button data-testid="memory-add" onClick={() => void add()}>
          Add
        </button>
      </Field>
      <MemoryTransfer reload={reload} />
    </section>
  );
}

/** Each memory: its text (edited in place), on/off or Keep for a proposal, and Delete. */
function MemoryList({ items, reload }: { items: MemoryItemView[]; reload: () => void }) {
  return (
    <ul className="memory-list" data-testid="memory-list">
      {items.map((item) => (
        <li key={item.id} data-testid="memory-item" data-status={item.status}>
          <TextInput value={item.text} testId="memory-text" onCommit={(text) => void call('memory.update', { id: item.id, text }).then(reload)} />
          {item.status === 'proposed' ? (
            <button data-testid="memory-keep" onClick={() => void call('memory.update', { id: item.id, status: 'active' }).then(reload)}>
              Keep
            </button>
          ) : (
            <Toggle label="On" checked={item.enabled} onChange={(enabled) => void call('memory.update', { id: item.id, enabled }).then(reload)} />
          )}
          <button data-testid="memory-delete" aria-label={`Delete memory ${item.id}`} onClick={() => void call('memory.delete', { id: item.id }).then(reload)}>
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Export to a JSON file, and import one (what was confirmed only; texts already kept are skipped). */
function MemoryTransfer({ reload }: { reload: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const exportAll = async () => {
    const data = await call('memory.export', {});
    if (!data) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    link.download = 'agentic-memories.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const importFile = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      useStore.getState().notify(`${file.name} is not a memories file (JSON from Export).`);
      return;
    }
    await call('memory.import', parsed as { memories: { text: string; enabled: boolean }[] });
    reload();
  };

  return (
    <div className="field-row">
      <button data-testid="memory-export" onClick={() => void exportAll()}>
        Export
      </button>
      <button data-testid="memory-import" onClick={() => fileInput.current?.click()}>
        Import
      </button>
      <input ref={fileInput} type="file" accept="application/json" hidden onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
    </div>
  );
}
