import { create } from 'zustand';
import type { AgentChoice } from '../../src-main/common/agents.js';
import type { AppInfo, CommandOutput, Session } from '../../src-main/common/contract.js';
import type { AppEvent } from '../../src-main/common/events.js';
import type { ConnectionStatus } from '../bridge/types.js';
import { loadPrefs, type Prefs } from '../ui/prefs.js';
import { reduceEvents } from './reducer.js';
import { emptyDomain, type DomainState } from './types.js';

export interface Notice {
  id: number;
  text: string;
}

export interface AppStore {
  /** Folded from events by the pure reducer. */
  domain: DomainState;
  connection: ConnectionStatus;
  info: AppInfo | null;
  sessions: Session[];
  activeSessionId: string | null;
  agentChoice: AgentChoice;
  settingsOpen: boolean;
  /** The session list on narrow windows, where it folds away. */
  menuOpen: boolean;
  notices: Notice[];
  /** The catalogue and opened models (models.list), for the first-run screen and the header. */
  models: CommandOutput<'models.list'> | null;
  /** The model chooser: opened from the header, or by itself on first run until a model is chosen or it is skipped. */
  modelPicker: 'auto' | 'open' | 'closed';
  /** Theme and panel layout (saved in the page's storage). */
  prefs: Prefs;
  shortcutsOpen: boolean;
  applyEvents(events: readonly AppEvent[]): void;
  updateDomain(fn: (domain: DomainState) => DomainState): void;
  set(patch: Partial<Omit<AppStore, 'domain' | 'applyEvents' | 'updateDomain' | 'set' | 'notify' | 'dismiss'>>): void;
  notify(text: string): void;
  dismiss(id: number): void;
}

let noticeId = 0;

export const useStore = create<AppStore>()((set) => ({
  domain: emptyDomain(),
  connection: 'connecting',
  info: null,
  sessions: [],
  activeSessionId: null,
  agentChoice: 'auto',
  settingsOpen: false,
  menuOpen: false,
  notices: [],
  models: null,
  modelPicker: 'auto',
  prefs: loadPrefs(),
  shortcutsOpen: false,
  applyEvents: (events) => set((s) => ({ domain: reduceEvents(s.domain, events) })),
  updateDomain: (fn) => set((s) => ({ domain: fn(s.domain) })),
  set: (patch) => set(patch),
  notify: (text) => set((s) => ({ notices: [...s.notices.slice(-4), { id: ++noticeId, text }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));
