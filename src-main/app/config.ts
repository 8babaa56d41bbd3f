// What a host gives createApp() (AppConfig) and what it gets back (App). The three hosts differ only
// here: Electron lends its window's parts (the browser view, pickers, notifications), the CLI its
// terminal's approval prompt.
import type { Handlers } from '../common/contract.js';
import type { AppEvent, RoutingDecision } from '../common/events.js';
import type { SettingsPatch } from '../common/settings.js';
import type { AgentEngine } from '../core/engine/engine.js';
import type { AskUser, LlmProvider, Logger } from '../core/ports.js';
import type { Lending } from '../node/api/expose.js';
import type { CheckpointService } from '../node/checkpoints/service.js';
import type { PathPicker } from '../node/handlers/onboarding.js';
import type { PathRevealer } from '../node/handlers/workspaceReveal.js';
import type { Notice } from '../node/schedule/runClaim.js';
import type { SecretCipher } from '../node/settings/secrets.js';
import type { SettingsFile } from '../node/settings/settingsFile.js';
import type { SqliteStore } from '../node/store/sqliteStore.js';
import type { VoiceWiring } from '../node/voice/handlers.js';
import type { TtsEngine } from '../node/voice/tts.js';
import type { EmbeddedBrowserHooks } from '../node/web/embeddedView.js';
import type { AppPaths } from './paths.js';

export type HostKind = 'electron' | 'web' | 'cli';

export interface AppConfig {
  host: HostKind;
  /** Sessions, settings, models and the default workspace live here (tests, or paths not given). */
  dataDir?: string;
  /** Where the app's files are (appPaths()); the Electron host passes its own. Default: appPaths for this host, under dataDir when given. */
  paths?: AppPaths;
  /** Process-only settings (CLI flags): applied on top of the settings file, never saved. */
  settings?: SettingsPatch;
  /** Use the Replay provider with this file. */
  replayFile?: string;
  /** Replaces the UI approval flow (the CLI asks in the terminal or declines). */
  askUser?: AskUser;
  logger?: Logger;
  /** Encrypts API keys (Electron's safeStorage); without it they are kept in a file only the user can read. */
  cipher?: SecretCipher;
  /** Electron: the web agent drives the window's embedded browser view instead of a headless Chromium. */
  embeddedBrowser?: EmbeddedBrowserHooks;
  /** Replaces the platform's speech engine (tests: espeak-ng with a stand-in for the sound card). */
  voiceTts?: TtsEngine | null;
  /** Electron: the paths of the user's last drop from the system, taken once (see electron/drop.ts). */
  droppedPaths?: () => Promise<string[]>;
  /** Electron: the native file and folder picker (onboarding's "Open a GGUF file", the workspace folder). */
  pickPath?: PathPicker;
  /** Electron: shows a file or folder in the system's file manager (the workspace panel's "Show in folder"). */
  revealPath?: PathRevealer;
  /** Run due schedules while this app is open (default: the desktop app and the web host, not the CLI). */
  runSchedules?: boolean;
  /** Electron: desktop notifications of scheduled runs (done, failed, approval needed). */
  notify?: (notice: Notice) => void;
  /** The self-test's scratch app (issue 25): the provider its turns use, given this app's own (app/selfTest). */
  turnProvider?: (own: () => LlmProvider) => LlmProvider;
}

export interface App {
  handlers: Handlers;
  subscribe(listener: (event: AppEvent) => void): () => void;
  engine: AgentEngine;
  store: SqliteStore;
  settings: SettingsFile;
  checkpoints: CheckpointService;
  voice: VoiceWiring;
  route(text: string): Promise<RoutingDecision>;
  workspace(): string;
  /** The provider turns use now. */
  provider(): LlmProvider;
  /** What the local API and the MCP server lend to the user's other tools (node/api/expose.ts). */
  lending: Lending;
  dispose(): Promise<void>;
}
