// The web host's token and port, kept in the data folder so a restarted host keeps open tabs and
// bookmarks working (the page reconnects by itself with the token in its URL). The file is 0600:
// the token is the only credential between a local browser tab and code execution.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const FILE = 'web-host.json';
const StateSchema = z.object({ token: z.string().regex(/^[\w-]{32,}$/), port: z.number().int().min(1).max(65_535).nullable().default(null) });
export type WebHostState = z.infer<typeof StateSchema>;

export const newToken = (): string => randomBytes(24).toString('base64url');

export function readWebHostState(dataDir: string): WebHostState | null {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeWebHostState(dataDir: string, state: WebHostState): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The saved token, or a new one (saved) when there is none or `rotate` asks for it. */
export function loadOrCreateToken(dataDir: string, rotate: boolean): { token: string; port: number | null } {
  const saved = rotate ? null : readWebHostState(dataDir);
  if (saved) return saved;
  const state = { token: newToken(), port: readWebHostState(dataDir)?.port ?? null };
  writeWebHostState(dataDir, state);
  return state;
}
