// The MCP client of the app: one connection per configured server, started on first use, tools
// listed with their schemas, calls checked against those schemas before they are sent. A server
// whose connection drops unexpectedly is restarted once; a second crash marks it failed until the
// user tests it again (testServer) or changes the settings (setServers).
import type { McpServerConfig } from '../../common/settings.js';
import { AppError, isAbortError } from '../../common/errors.js';
import type { Logger } from '../../core/ports.js';
import { McpTimeoutError, type McpCallResult, type McpClientPort, type McpServerStatus, type McpStatusChange, type McpToolInfo } from '../../core/mcp/types.js';
import type { Connection } from './connection.js';
import type { ArgumentCheck } from './validate.js';
import type { JsonSchema } from '../../core/mcp/types.js';

// The MCP SDK (with ajv and its JSON-schema tooling, ~80 modules) loads with the first server
// started, not with the app: most people configure none.
const loadConnection = () => import('./connection.js');
const loadValidator = () => import('./validate.js');

export interface McpManagerOptions {
  onStatus?: (change: McpStatusChange) => void;
  logger?: Logger;
  /** Working directory of stdio servers (the workspace). */
  cwd?: string;
  /** Limit for starting a server and listing its tools. */
  startTimeoutMs?: number;
  /** Limit for one tool call when the caller gives none. */
  callTimeoutMs?: number;
}

export interface McpServerState {
  config: McpServerConfig;
  status: McpServerStatus;
  message: string;
  tools: string[];
}

interface Entry {
  config: McpServerConfig;
  status: McpServerStatus;
  message: string;
  connection: Connection | null;
  starting: Promise<Connection> | null;
  tools: McpToolInfo[];
  restarts: number;
}

const MCP_TIMEOUT_CODE = -32001;

export class McpManager implements McpClientPort {
  private entries = new Map<string, Entry>();
  private checker: Promise<(schema: JsonSchema) => ArgumentCheck> | null = null;
  private disposed = false;

  constructor(
    configs: readonly McpServerConfig[],
    private readonly options: McpManagerOptions = {},
  ) {
    for (const config of configs) this.entries.set(config.name, newEntry(config));
  }

  serverNames(): string[] {
    return [...this.entries.keys()];
  }

  servers(): McpServerState[] {
    return [...this.entries.values()].map((e) => ({ config: e.config, status: e.status, message: e.message, tools: e.tools.map((t) => t.name) }));
  }

  /** Applies new settings: removed or changed servers are closed; unchanged ones keep running. */
  async setServers(configs: readonly McpServerConfig[]): Promise<void> {
    const next = new Map<string, Entry>();
    for (const config of configs) {
      const current = this.entries.get(config.name);
      // The same object is kept: the connection's close handler refers to it.
      if (current && sameLaunch(current.config, config)) {
        current.config = config;
        next.set(config.name, current);
      } else next.set(config.name, newEntry(config));
    }
    const dropped = [...this.entries.values()].filter((e) => next.get(e.config.name) !== e);
    this.entries = next;
    await Promise.all(dropped.map((e) => this.close(e)));
  }

  /** Tools of every server, starting those not running; failed servers are skipped (their status says why). */
  async listTools(signal?: AbortSignal): Promise<McpToolInfo[]> {
    const lists = await Promise.all(
      this.serverNames().map((name) =>
        this.serverTools(name, signal).catch((error: unknown) => {
          if (isAbortError(error)) throw error;
          return [];
        }),
      ),
    );
    return lists.flat();
  }

  async serverTools(server: string, signal?: AbortSignal): Promise<McpToolInfo[]> {
    const entry = this.entry(server);
    await this.ready(entry, signal);
    return entry.tools;
  }

  listedTool(server: string, tool: string): McpToolInfo | undefined {
    return this.entries.get(server)?.tools.find((t) => t.name === tool);
  }

  /** For the settings' "Test" button: forgets an earlier failure, (re)starts the server, lists its tools. */
  async testServer(server: string, signal?: AbortSignal): Promise<McpToolInfo[]> {
    const entry = this.entry(server);
    if (entry.status === 'failed') {
      entry.restarts = 0;
      this.setStatus(entry, 'stopped', 'Retrying.');
    }
    return this.serverTools(server, signal);
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal, options: { timeoutMs?: number } = {}): Promise<McpCallResult> {
    const entry = this.entry(server);
    const connection = await this.ready(entry, signal);
    const info = entry.tools.find((t) => t.name === tool);
    if (!info) throw new AppError('NOT_FOUND', `MCP server "${server}" has no tool "${tool}".`);
    this.checker ??= loadValidator().then((m) => m.createArgumentChecker());
    const problem = (await this.checker)(info.inputSchema)(args);
    if (problem) throw new AppError('BAD_INPUT', `Invalid arguments for ${server}/${tool}: ${problem}.`);
    const timeoutMs = options.timeoutMs ?? this.options.callTimeoutMs ?? 120_000;
    try {
      const result = await connection.client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: timeoutMs });
      return (await loadConnection()).toCallResult(result);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw new AppError('CANCELLED', 'Cancelled.', { cause: error });
      if ((error as { code?: unknown }).code === MCP_TIMEOUT_CODE) {
        throw new McpTimeoutError(`${server}/${tool} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      }
      const stderr = connection.stderrTail();
      const why = entry.connection === connection ? '' : ' (the server stopped during the call)';
      throw new AppError('MCP_ERROR', `${server}/${tool} failed${why}: ${(error as Error).message}${stderr ? `\nServer stderr: ${stderr}` : ''}`, { cause: error });
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.entries.values()].map((e) => this.close(e)));
  }

  private entry(server: string): Entry {
    const entry = this.entries.get(server);
    if (!entry) {
      throw new AppError('NOT_FOUND', `Unknown MCP server "${server}". Configured: ${this.serverNames().join(', ') || 'none'}.`);
    }
    return entry;
  }

  /** The running connection, starting the server if needed. Cancelling waits no longer but lets the start finish. */
  private async ready(entry: Entry, signal?: AbortSignal): Promise<Connection> {
    if (this.disposed) throw new AppError('MCP_ERROR', 'The MCP client is shut down.');
    if (entry.connection) return entry.connection;
    if (entry.status === 'failed') throw new AppError('MCP_ERROR', `MCP server "${entry.config.name}" failed: ${entry.message}`);
    entry.starting ??= this.start(entry);
    return abortable(entry.starting, signal);
  }

  private async start(entry: Entry): Promise<Connection> {
    const { name } = entry.config;
    const timeoutMs = this.options.startTimeoutMs ?? 30_000;
    this.setStatus(entry, 'starting', entry.restarts > 0 ? 'Restarting after a crash.' : 'Starting.');
    let connection: Connection | null = null;
    try {
      const { connect, listAllTools } = await loadConnection();
      connection = await connect(entry.config, { cwd: this.options.cwd, timeoutMs, onClose: () => this.closed(entry, connection) });
      const tools = await listAllTools(name, connection.client, timeoutMs);
      if (this.entries.get(name) !== entry || this.disposed) throw new AppError('MCP_ERROR', `MCP server "${name}" was removed while starting.`);
      entry.connection = connection;
      entry.tools = tools;
      this.setStatus(entry, 'ready', `${tools.length} tool(s).`);
      return connection;
    } catch (error) {
      // connect() puts stderr in its own errors; later failures (listing tools) take it from the connection.
      const stderr = connection?.stderrTail().slice(-500) ?? '';
      if (connection) await connection.client.close().catch(() => undefined);
      const message = `could not start: ${(error as Error).message}${stderr ? ` (stderr: ${stderr})` : ''}`;
      this.setStatus(entry, 'failed', message);
      throw new AppError('MCP_ERROR', `MCP server "${name}" ${message}`, { cause: error });
    } finally {
      entry.starting = null;
    }
  }

  /** The connection ended. Ours (close) is expected; any other end is a crash. */
  private closed(entry: Entry, connection: Connection | null): void {
    if (!connection || entry.connection !== connection) return;
    entry.connection = null;
    if (this.disposed || this.entries.get(entry.config.name) !== entry) return;
    const stderr = connection.stderrTail();
    const detail = stderr ? ` Last stderr: ${stderr.slice(-500)}` : '';
    if (entry.restarts >= 1) {
      this.setStatus(entry, 'failed', `Crashed again after a restart; not restarted.${detail}`);
      return;
    }
    entry.restarts++;
    this.options.logger?.warn('mcp server crashed; restarting once', { server: entry.config.name });
    entry.starting = this.start(entry);
    // The restart's failure is reported through the status; callers waiting on it get the error.
    entry.starting.catch(() => undefined);
  }

  private async close(entry: Entry): Promise<void> {
    const connection = entry.connection;
    entry.connection = null;
    if (connection) await connection.client.close().catch(() => undefined);
    if (entry.status !== 'failed') this.setStatus(entry, 'stopped', 'Stopped.');
  }

  private setStatus(entry: Entry, status: McpServerStatus, message: string): void {
    entry.status = status;
    entry.message = message;
    this.options.onStatus?.({ server: entry.config.name, status, message });
  }
}

function newEntry(config: McpServerConfig): Entry {
  return { config, status: 'stopped', message: 'Not started.', connection: null, starting: null, tools: [], restarts: 0 };
}

/** Trust flags may change without a restart; anything about how to reach the server may not. */
function sameLaunch(a: McpServerConfig, b: McpServerConfig): boolean {
  const strip = ({ trusted: _t, trustedTools: _tt, ...rest }: McpServerConfig) => JSON.stringify(rest);
  return strip(a) === strip(b);
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AppError('CANCELLED', 'Cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AppError('CANCELLED', 'Cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
