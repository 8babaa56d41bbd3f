// The local API's token and last port, kept in the data folder (0600) so that tools pointed at the
// API (an editor plugin, a chat UI) keep working across restarts until the user rotates the token.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const FILE = 'local-api.json';
const StateSchema = z.object({ token: z.string().regex(/^[\w-]{32,}$/), port: z.number().int().min(1).max(65_535).nullable().default(null) });
export type LocalApiState = z.infer<typeof StateSchema>;

export const newApiToken = (): string => `agentic-${randomBytes(24).toString('base64url')}`;

export function readLocalApiState(dataDir: string): LocalApiState | null {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeLocalApiState(dataDir: string, state: LocalApiState): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The saved token, or a new one (saved) when there is none or `rotate` asks for it. */
export function loadOrCreateApiToken(dataDir: string, rotate: boolean): LocalApiState {
  const saved = readLocalApiState(dataDir);
  if (saved && !rotate) return saved;
  const state = { token: newApiToken(), port: saved?.port ?? null };
  writeLocalApiState(dataDir, state);
  return state;
}
