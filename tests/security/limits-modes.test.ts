// The data folder of a fresh app is 0700 and every file in it 0600: keys, settings (an MCP token),
// and the sessions database with every conversation. An older, looser folder is tightened at start.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src-main/app/index.js';
import { silentLogger } from '../../src-main/node/logger.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const mode = (p: string) => statSync(p).mode & 0o777;

async function freshApp(dataDir: string) {
  const app = await createApp({ host: 'cli', dataDir, settings: { workspace: join(dataDir, 'workspace') }, logger: silentLogger });
  // A key stored through the contract writes secrets.json and settings.json.
  await app.handlers['provider.setKey']({ key: 'sk-test' }, { sender: 'test' } as never);
  return app;
}

describe('data folder modes', () => {
  it('creates the data folder 0700 with every file in it 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'modes-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const app = await freshApp(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir).filter((f) => statSync(join(dataDir, f)).isFile());
      expect(files).toEqual(expect.arrayContaining(['settings.json', 'secrets.json', 'sessions.db']));
      for (const f of files) expect([f, mode(join(dataDir, f))]).toEqual([f, 0o600]);
    } finally {
      await app.dispose();
    }
  });

  it('tightens a data folder and files left readable by an older version', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'modes-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const app0 = await freshApp(dataDir);
    await app0.dispose();
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'secrets.json'), '{}', { mode: 0o644 });
    chmodSync(join(dataDir, 'secrets.json'), 0o644);
    const app = await createApp({ host: 'cli', dataDir, logger: silentLogger });
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600);
      expect(mode(join(dataDir, 'settings.json'))).toBe(0o600);
    } finally {
      await app.dispose();
    }
  });
});
