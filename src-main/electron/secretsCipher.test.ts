import { describe, expect, it } from 'vitest';
import { reallyEncrypts, safeStorageCipher, type SafeStorageLike } from './secretsCipher.js';

const storage = (available: boolean, backend?: string): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(`enc:${plain}`),
  decryptString: (data) => data.toString().replace(/^enc:/, ''),
  ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
});

describe('whether API keys are really encrypted', () => {
  it('on Linux, the basic_text fallback is not encryption', () => {
    expect(reallyEncrypts(storage(true, 'basic_text'), 'linux')).toBe(false);
    expect(reallyEncrypts(storage(true, 'unknown'), 'linux')).toBe(false);
    expect(reallyEncrypts(storage(true, 'gnome_libsecret'), 'linux')).toBe(true);
    expect(reallyEncrypts(storage(true, 'kwallet6'), 'linux')).toBe(true);
  });

  it('on macOS and Windows the keychain / DPAPI is, when available', () => {
    expect(reallyEncrypts(storage(true), 'darwin')).toBe(true);
    expect(reallyEncrypts(storage(true), 'win32')).toBe(true);
    expect(reallyEncrypts(storage(false), 'darwin')).toBe(false);
  });

  it('the cipher reports it and still decrypts keys saved before', () => {
    const cipher = safeStorageCipher(storage(true, 'basic_text'), 'linux');
    expect(cipher.available()).toBe(false);
    expect(cipher.decrypt(Buffer.from('enc:sk-1'))).toBe('sk-1');
  });
});
