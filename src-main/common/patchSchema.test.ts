import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema, SettingsSchema } from './settings.js';

describe('the settings patch schema, derived from the settings schema', () => {
  it('leaves out what the patch leaves out: no default fills a nested key the user did not send', () => {
    expect(SettingsPatchSchema.parse({ sandbox: { network: false } })).toEqual({ sandbox: { network: false } });
    expect(SettingsPatchSchema.parse({})).toEqual({});
  });

  it('takes every bound and enum from the settings schema', () => {
    const tooMany = { sandbox: { maxProcesses: 70_000 } };
    expect(SettingsSchema.safeParse(tooMany).success).toBe(false);
    expect(SettingsPatchSchema.safeParse(tooMany).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ approval: { mode: 'sometimes' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ voice: { hangoverMs: 10 } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ checkpoints: { maxAgeDays: 30 }, approval: { mode: 'ask-all' } }).success).toBe(true);
  });

  it('refuses an unknown top-level key instead of ignoring a typo', () => {
    const parsed = SettingsPatchSchema.safeParse({ maxAttemps: 3 });
    expect(parsed.success).toBe(false);
  });

  it('replaces arrays whole (an MCP server list is sent entire)', () => {
    const servers = [{ name: 'files', transport: 'stdio', command: 'node' }];
    expect(SettingsPatchSchema.parse({ mcpServers: servers })).toEqual({
      mcpServers: [{ name: 'files', transport: 'stdio', command: 'node', args: [], env: {}, trusted: false, trustedTools: [] }],
    });
  });
});
