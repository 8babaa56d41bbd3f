// API keys. In Electron they are encrypted with the OS keychain (safeStorage); in the web and CLI
// hosts they sit in a file only the user can read, and the UI says which. Keys never reach logs,
// settings.json or events.
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../../core/ports.js';

/** Electron's safeStorage, or nothing. */
export interface SecretCipher {
  available(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

type Entry = { enc: 'os' | 'none'; data: string };

export class SecretStore {
  constructor(
    private readonly path: string,
    private readonly logger: Logger,
    private readonly cipher: SecretCipher | null = null,
  ) {}

  /** Whether keys are encrypted by the operating system here. */
  get encrypted(): boolean {
    return this.cipher?.available() ?? false;
  }

  get(ref: string): string | undefined {
    if (!ref) return undefined;
    const entry = this.read()[ref];
    if (!entry) return undefined;
    try {
      return entry.enc === 'os' ? this.cipher?.decrypt(Buffer.from(entry.data, 'base64')) : Buffer.from(entry.data, 'base64').toString('utf8');
    } catch {
      this.logger.warn('a stored key could not be decrypted; enter it again in Settings', { ref });
      return undefined;
    }
  }

  set(ref: string, secret: string): void {
    const all = this.read();
    if (!secret) delete all[ref];
    else if (this.encrypted) all[ref] = { enc: 'os', data: this.cipher!.encrypt(secret).toString('base64') };
    else all[ref] = { enc: 'none', data: Buffer.from(secret, 'utf8').toString('base64') };
    this.write(all);
  }

  private read(): Record<string, Entry> {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, Entry>;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, Entry>): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(all));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    chmodSync(this.path, 0o600);
  }
}
