// Settings persist as one JSON file written atomically (temp file, fsync, rename): a crash mid-save
// leaves the previous version, never a torn file.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../common/errors.js';
import { SettingsPatchSchema, SettingsSchema, type Settings, type SettingsPatch } from '../../common/settings.js';
import type { Logger } from '../../core/ports.js';
import { ensurePrivateDir } from './privateDir.js';

/**
 * What the rest of the app needs of the settings: the current values (CLI overrides applied) and a
 * validated, persisted update. Everything but the hosts that open the file depends on this alone.
 */
export interface SettingsStore {
  get(): Settings;
  /** Merges the patch (objects key by key; arrays and scalars replace), saves it, returns the result. */
  update(patch: SettingsPatch): Settings;
}

export class SettingsFile implements SettingsStore {
  private current: Settings;

  constructor(
    private readonly path: string,
    private readonly logger: Logger,
    /** Applied on top of the file for this process only (CLI flags); never written back. */
    private readonly overrides: SettingsPatch = {},
  ) {
    // The settings file sits in the data folder: it is made (or tightened to) 0700 here, at start.
    ensurePrivateDir(dirname(path));
    this.current = SettingsSchema.parse(deepMerge(this.readFile(), overrides));
  }

  get(): Settings {
    return this.current;
  }

  update(patch: SettingsPatch): Settings {
    const parsed = SettingsPatchSchema.safeParse(patch);
    if (!parsed.success) throw new AppError('BAD_INPUT', `Invalid settings: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const stored = SettingsSchema.parse(deepMerge(this.readFile(), parsed.data));
    this.write(stored);
    this.current = SettingsSchema.parse(deepMerge(stored, this.overrides));
    return this.current;
  }

  private readFile(): Record<string, unknown> {
    try {
      const parsed = SettingsSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      if (parsed.success) return parsed.data;
      this.logger.warn('settings file invalid; using defaults', { path: this.path });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn('settings file unreadable', { path: this.path });
    }
    return {};
  }

  private write(settings: Settings): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(settings, null, 2) + '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
  }
}

/** Merges plain objects; arrays and scalars of the patch replace. */
export function deepMerge(base: unknown, patch: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(isObject(base) ? base : {}) };
  if (!isObject(patch)) return out;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
