// settings.get / settings.update, and the provider's API key (kept in the secrets file, never in the settings).
import type { Handlers } from '../../common/contract.js';
import type { SecretStore } from '../settings/secrets.js';
import type { SettingsStore } from '../settings/settingsFile.js';

export function createSettingsHandlers(deps: { settings: SettingsStore; secrets: SecretStore }): Pick<Handlers, 'settings.get' | 'settings.update' | 'provider.setKey'> {
  const { settings, secrets } = deps;
  return {
    'settings.get': async () => settings.get(),
    'settings.update': async (patch) => settings.update(patch),
    'provider.setKey': async ({ key }) => {
      // A fresh reference makes the provider holder rebuild the provider with the new key.
      const ref = key ? `provider-${Date.now()}` : '';
      if (key) secrets.set(ref, key.trim());
      const old = settings.get().provider.apiKeyRef;
      settings.update({ provider: { apiKeyRef: ref } });
      if (old && old !== ref) secrets.set(old, '');
      return { stored: !!key, encrypted: secrets.encrypted };
    },
  };
}
