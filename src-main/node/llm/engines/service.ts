// One download at a time per engine kind, shared by the app's commands and the CLI: start (or resume),
// pause (what arrived stays), cancel (deleted), remove; the state the UI polls. The manifest is read
// on first use (an installed app's out/engines/engines.json, a checkout's lock).
import type { EngineDownloadStatus } from '../../../common/engines.js';
import { toErrorData } from '../../../common/errors.js';
import type { Logger } from '../../../core/ports.js';
import { installEngine, installedEngine, pausedDownload, removeEngine, removePartial, type DownloadableEngine } from './install.js';
import { enginePlatform, loadEnginesManifest, type EnginePackage, type EnginesManifest } from './manifest.js';

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

export class EngineDownloads {
  private readonly running = new Map<DownloadableEngine, Running>();
  private readonly progress = new Map<DownloadableEngine, EngineDownloadStatus>();

  constructor(
    private readonly root: string,
    private readonly packagesOf: (kind: DownloadableEngine) => EnginePackage[],
    private readonly logger: Logger,
  ) {}

  /** The packages of `kind` for this platform from the app's manifest. */
  static forApp(root: string, appRoot: string, logger: Logger): EngineDownloads {
    // Read once: the UI polls status while a download runs, and a checkout's fallback asks npm.
    let manifest: EnginesManifest | null = null;
    return new EngineDownloads(root, (kind) => (manifest ??= loadEnginesManifest(appRoot)).engines[kind][enginePlatform() ?? ''] ?? [], logger);
  }

  private packages(kind: DownloadableEngine): EnginePackage[] {
    try {
      return this.packagesOf(kind);
    } catch (error) {
      this.logger.warn('engines: no manifest', { error: String(error) });
      return [];
    }
  }

  status(kind: DownloadableEngine): EngineDownloadStatus {
    const packages = this.packages(kind);
    const base: EngineDownloadStatus = {
      kind,
      available: packages.length > 0,
      installed: installedEngine(this.root, kind)?.version ?? null,
      state: pausedDownload(this.root, packages) ? 'paused' : 'idle',
      receivedBytes: 0,
      totalBytes: null,
      part: 0,
      parts: packages.length,
      error: null,
    };
    const last = this.progress.get(kind);
    if (!last) return base;
    if (this.running.has(kind)) return { ...last, installed: base.installed };
    return { ...base, error: last.error, state: last.error ? 'failed' : base.state };
  }

  /** Starts (or resumes) the download; `done` settles when it ends (the CLI waits on it). */
  start(kind: DownloadableEngine, onStatus?: (status: EngineDownloadStatus) => void): { status: EngineDownloadStatus; done: Promise<void> } {
    const existing = this.running.get(kind);
    if (existing) return { status: this.status(kind), done: existing.done };
    const packages = this.packages(kind);
    const controller = new AbortController();
    const update = (patch: Partial<EngineDownloadStatus>) => {
      const next = { ...(this.progress.get(kind) ?? this.status(kind)), ...patch };
      this.progress.set(kind, next);
      onStatus?.(next);
    };
    this.progress.set(kind, { ...this.status(kind), state: 'downloading', error: null });
    const done = installEngine({
      root: this.root,
      kind,
      packages,
      signal: controller.signal,
      onProgress: (p) => {
        const state = p.phase === 'verify' ? 'verifying' : p.phase === 'unpack' ? 'unpacking' : 'downloading';
        update({ state, receivedBytes: p.receivedBytes, totalBytes: p.totalBytes, part: p.index + 1, parts: p.count });
      },
    }).then(
      (pointer) => {
        this.logger.info('engines: installed', { kind, version: pointer.version, folder: pointer.folder });
        update({ state: 'idle', error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) {
          update({ state: 'paused', error: null });
          return;
        }
        const { message } = toErrorData(error);
        this.logger.warn('engines: download failed', { kind, error: message });
        update({ state: 'failed', error: message });
        throw error;
      },
    );
    const settled = done.finally(() => this.running.delete(kind));
    this.running.set(kind, { controller, done: settled });
    settled.catch(() => undefined);
    return { status: this.status(kind), done: settled };
  }

  async pause(kind: DownloadableEngine): Promise<EngineDownloadStatus> {
    const entry = this.running.get(kind);
    entry?.controller.abort();
    await entry?.done.catch(() => undefined);
    return this.status(kind);
  }

  /** Stops the download and deletes the partial files; an installed build stays. */
  async cancel(kind: DownloadableEngine): Promise<EngineDownloadStatus> {
    await this.pause(kind);
    await removePartial(this.root, this.packages(kind));
    this.progress.delete(kind);
    return this.status(kind);
  }

  async remove(kind: DownloadableEngine): Promise<{ status: EngineDownloadStatus; removed: boolean }> {
    await this.cancel(kind);
    const removed = await removeEngine(this.root, kind, this.packages(kind));
    return { status: this.status(kind), removed };
  }
}
