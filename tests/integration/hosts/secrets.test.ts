// API keys: stored outside settings.json, readable only by the user, never echoed back.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import { SecretStore, type SecretCipher } from '../../../src-main/node/settings/secrets.js';
import { silentLogger } from '../../../src-main/node/logger.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('API keys', () => {
  it('provider.setKey stores the key outside settings.json, mode 0600, and app.info only says that one exists', async () => {
    const app = await createApp({ host: 'web', dataDir: dir, logger: silentLogger });
    try {
      const result = await app.handlers['provider.setKey']({ key: 'sk-very-secret-123' }, { clientId: 't' });
      expect(result).toEqual({ stored: true, encrypted: false });
      const settingsText = readFileSync(join(dir, 'settings.json'), 'utf8');
      expect(settingsText).not.toContain('sk-very-secret-123');
      expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
      const info = await app.handlers['app.info']({}, { clientId: 't' });
      expect(info.provider.hasKey).toBe(true);
      expect(JSON.stringify(info)).not.toContain('sk-very-secret');
      await app.handlers['provider.setKey']({ key: '' }, { clientId: 't' });
      expect((await app.handlers['app.info']({}, { clientId: 't' })).provider.hasKey).toBe(false);
      expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('c2stdmVyeS1zZWNyZXQ'); // base64 of the key is gone too
    } finally {
      await app.dispose();
    }
  });

  it('encrypts with the OS cipher when one is available (Electron safeStorage)', () => {
    const cipher: SecretCipher = {
      available: () => true,
      encrypt: (s) => Buffer.from([...Buffer.from(s)].map((b) => b ^ 0x5a)),
      decrypt: (b) => Buffer.from([...b].map((x) => x ^ 0x5a)).toString(),
    };
    const store = new SecretStore(join(dir, 'enc.json'), silentLogger, cipher);
    store.set('k', 'plain-key-value');
    expect(readFileSync(join(dir, 'enc.json'), 'utf8')).toContain('"enc":"os"');
    expect(store.get('k')).toBe('plain-key-value');
  });
});
