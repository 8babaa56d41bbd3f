// The desktop app's local API (Settings → Local API): started when the user turns it on, restarted when
// its port or LAN setting changes, stopped when turned off. Requests run on the app's own provider and
// agents; approvals are asked in the app's window. The token lives in the data folder (apiState.ts).
import type { Handlers } from '../../common/contract.js';
import type { LocalApiCommandName, LocalApiSettings, LocalApiStatus } from '../../common/localApi.js';
import type { Logger } from '../../core/ports.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { loadOrCreateApiToken, newApiToken, writeLocalApiState } from './apiState.js';
import { localApiDeps, type ExposedApp } from './expose.js';
import { startLocalApi, type LocalApi } from './server.js';

export interface LocalApiServiceDeps {
  dataDir: string;
  settings: SettingsStore;
  /** The app, once composed (its handlers include this service's). */
  app: () => ExposedApp;
  logger: Logger;
}

export class LocalApiService {
  private api: LocalApi | null = null;
  private running: string | null = null;
  private error: string | null = null;
  private token: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: LocalApiServiceDeps) {
    this.token = loadOrCreateApiToken(deps.dataDir, false).token;
  }

  /** Starts, restarts or stops the server to match the settings (one change at a time). */
  sync(): Promise<LocalApiStatus> {
    const run = this.queue.then(() => this.apply());
    this.queue = run.catch(() => undefined);
    return run;
  }

  handlers(): Pick<Handlers, LocalApiCommandName> {
    return {
      'localApi.status': async () => this.status(),
      'localApi.configure': async (patch) => {
        this.deps.settings.update({ localApi: patch });
        return this.sync();
      },
      'localApi.rotateToken': async () => {
        this.token = newApiToken();
        writeLocalApiState(this.deps.dataDir, { token: this.token, port: this.api?.port ?? null });
        this.api?.setToken(this.token);
        return this.status();
      },
    };
  }

  async dispose(): Promise<void> {
    await this.queue;
    await this.stop();
  }

  private status(): LocalApiStatus {
    const s = this.deps.settings.get().localApi;
    const baseUrl = this.api?.baseUrl ?? null;
    return { enabled: s.enabled, running: this.api !== null, baseUrl, mcpUrl: baseUrl && baseUrl.replace(/\/v1$/, '/mcp'), token: this.token, lan: s.lan, error: this.error };
  }

  private async apply(): Promise<LocalApiStatus> {
    const s = this.deps.settings.get().localApi;
    const wanted = s.enabled ? JSON.stringify({ port: s.port, lan: s.lan, origins: s.allowedOrigins }) : null;
    if (wanted === this.running) return this.status();
    await this.stop();
    if (wanted !== null) await this.start(s, wanted);
    return this.status();
  }

  private async start(s: LocalApiSettings, key: string): Promise<void> {
    const { logger } = this.deps;
    const host = s.lan ? '0.0.0.0' : '127.0.0.1';
    const saved = loadOrCreateApiToken(this.deps.dataDir, false);
    const open = (port: number) => startLocalApi(localApiDeps(this.deps.app(), logger), { host, port, token: this.token, allowedOrigins: s.allowedOrigins });
    try {
      this.api = s.port ? await open(s.port) : await open(saved.port ?? 0).catch(() => open(0));
      this.running = key;
      this.error = null;
      writeLocalApiState(this.deps.dataDir, { token: this.token, port: this.api.port });
      if (s.lan) logger.warn('local api: listening on every interface (LAN access is on)', { port: this.api.port });
    } catch (error) {
      this.error = `The local API could not start: ${error instanceof Error ? error.message : String(error)}`;
      logger.warn('local api failed to start', { error: this.error });
    }
  }

  private async stop(): Promise<void> {
    const api = this.api;
    this.api = null;
    this.running = null;
    await api?.close();
  }
}
