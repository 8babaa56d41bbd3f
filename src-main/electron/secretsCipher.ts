// API keys through Electron's safeStorage, honestly described. On Linux without a secret service
// (no GNOME keyring, no KWallet) safeStorage falls back to its 'basic_text' backend: it still
// "encrypts", with a key hard-coded in Chromium, which protects nothing. Then the cipher reports
// itself unavailable, keys go to the user-only file and Settings says they are not encrypted.
// No 'electron' import (the caller passes safeStorage in): unit-tested in Node.
import type { SecretCipher } from '../node/settings/secrets.js';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(data: Buffer): string;
  /** Linux only; 'unknown' before the app is ready. */
  getSelectedStorageBackend?(): string;
}

/** Whether keys would really be protected by the operating system. */
export function reallyEncrypts(storage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  if (!storage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = storage.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

export function safeStorageCipher(storage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    available: () => reallyEncrypts(storage, platform),
    encrypt: (plain) => storage.encryptString(plain),
    // Keys saved earlier with safeStorage stay readable whatever the backend is now.
    decrypt: (data) => storage.decryptString(data),
  };
}
