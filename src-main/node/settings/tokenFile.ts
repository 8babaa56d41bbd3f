// A bearer token and the last port, kept in one small file of the data folder: the web host and
// the local API each keep theirs, so that open tabs and configured tools keep working across
// restarts until the user rotates the token. 0600 and written atomically: the token is the only
// credential between a local client and code execution.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const StateSchema = z.object({ token: z.string().regex(/^[\w-]{32,}$/), port: z.number().int().min(1).max(65_535).nullable().default(null) });
export type TokenState = z.infer<typeof StateSchema>;

export interface TokenFile {
  read(dataDir: string): TokenState | null;
  write(dataDir: string, state: TokenState): void;
  /** The saved token, or a new one (saved, keeping the last port) when there is none or `rotate` asks for it. */
  loadOrCreate(dataDir: string, rotate: boolean): TokenState;
}

export function tokenFile(fileName: string, newToken: () => string): TokenFile {
  const read = (dataDir: string): TokenState | null => {
    try {
      const parsed = StateSchema.safeParse(JSON.parse(readFileSync(join(dataDir, fileName), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const write = (dataDir: string, state: TokenState): void => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, fileName);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, path);
  };
  return {
    read,
    write,
    loadOrCreate(dataDir, rotate) {
      const saved = read(dataDir);
      if (saved && !rotate) return saved;
      const state = { token: newToken(), port: saved?.port ?? null };
      write(dataDir, state);
      return state;
    },
  };
}
