// Starts the real app (createApp: SQLite store, real interpreters, prompts) with the Replay
// provider, and records every event. The only thing scripted is the model.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src-main/app/index.js';
import type { AgentChoice } from '../../src-main/common/agents.js';
import type { AppEvent, EventOf, EventType } from '../../src-main/common/events.js';
import type { SettingsPatch } from '../../src-main/common/settings.js';
import type { TurnOutcome } from '../../src-main/core/engine/turnRunner.js';
import type { ReplayProvider } from '../../src-main/core/llm/replay.js';
import type { AskUser } from '../../src-main/core/ports.js';
import { silentLogger } from '../../src-main/node/logger.js';

export interface TestApp {
  app: App;
  dir: string;
  workspace: string;
  events: AppEvent[];
  replay(): ReplayProvider;
  turn(sessionId: string, text: string, agent?: AgentChoice): Promise<TurnOutcome>;
  newSession(): string;
  of<T extends EventType>(type: T, turnId?: string): EventOf<T>[];
  close(): Promise<void>;
}

export async function startTestApp(
  responses: string[],
  opts: { contextSize?: number; settings?: SettingsPatch; askUser?: AskUser; replayChunkSize?: number; host?: 'cli' | 'web' } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-test-'));
  const workspace = join(dir, 'workspace');
  const replayFile = join(dir, 'replay.json');
  writeFileSync(
    replayFile,
    JSON.stringify({ responses, ...(opts.contextSize && { contextSize: opts.contextSize }), ...(opts.replayChunkSize && { chunkSize: opts.replayChunkSize }) }),
  );
  const app = await createApp({
    host: opts.host ?? 'cli',
    dataDir: dir,
    replayFile,
    settings: { workspace, ...opts.settings },
    askUser: opts.askUser ?? (async () => false),
    logger: silentLogger,
  });
  const events: AppEvent[] = [];
  app.subscribe((e) => events.push(structuredClone(e)));
  return {
    app,
    dir,
    workspace,
    events,
    replay: () => app.provider() as ReplayProvider,
    turn: (sessionId, text, agent = 'auto') => app.engine.send(sessionId, text, agent).done,
    newSession: () => app.store.createSession('test').id,
    of: <T extends EventType>(type: T, turnId?: string) => events.filter((e): e is EventOf<T> => e.type === type && (turnId === undefined || e.turnId === turnId)),
    async close() {
      await app.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fenced block as a model writes it. */
export const fence = (tag: string, code: string): string => '```' + tag + '\n' + code + '\n```';
