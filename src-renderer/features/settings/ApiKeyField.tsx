import { useState } from 'react';
import { call, loadAppInfo } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { Field } from '../../ui/fields.js';

/** Write-only: the key goes to the main process's secret store and never comes back to the page. */
export function ApiKeyField({ hasKey }: { hasKey: boolean }) {
  const [value, setValue] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const encrypted = useStore((s) => s.info?.provider.keysEncrypted ?? false);
  const storage = encrypted ? 'Keys are encrypted by the system keychain.' : 'Keys are NOT encrypted here: they are kept in a file only your user can read (no system keychain).';
  const save = async (key: string) => {
    const result = await call('provider.setKey', { key });
    if (!result) return;
    setValue('');
    await loadAppInfo();
    setNote(
      !result.stored
        ? 'Key removed.'
        : result.encrypted
          ? 'Saved, encrypted by the system keychain.'
          : 'Saved NOT encrypted, in a file only your user can read (no system keychain here; on Linux, install a secret service such as GNOME Keyring or KWallet).',
    );
  };
  return (
    <Field label="API key" hint={note ?? (hasKey ? `A key is stored. Enter a new one to replace it. ${storage}` : `Needed by cloud providers. ${storage}`)}>
      <div className="field-row">
        <input
          type="password"
          autoComplete="off"
          data-testid="provider-api-key"
          value={value}
          placeholder={hasKey ? '••••••••' : 'sk-…'}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="button" data-testid="provider-api-key-save" disabled={!value.trim()} onClick={() => void save(value.trim())}>
          Save
        </button>
        {hasKey && (
          <button type="button" data-testid="provider-api-key-clear" onClick={() => void save('')}>
            Remove
          </button>
        )}
      </div>
    </Field>
  );
}
