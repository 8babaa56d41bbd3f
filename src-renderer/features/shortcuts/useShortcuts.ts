import { useEffect } from 'react';
import { cancelTurn, newSession } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { applyTheme, nextTheme, savePrefs, type Prefs } from '../../ui/prefs.js';
import { findShortcut, type ShortcutAction } from './shortcuts.js';

export function updatePrefs(patch: Partial<Prefs>): void {
  const prefs = { ...useStore.getState().prefs, ...patch };
  useStore.getState().set({ prefs });
  savePrefs(prefs);
  applyTheme(prefs.theme);
}

function runningTurn(): string | null {
  const s = useStore.getState();
  const ids = s.activeSessionId ? (s.domain.sessionTurns[s.activeSessionId] ?? []) : [];
  return ids.find((id) => s.domain.turns[id]?.status === 'running') ?? null;
}

function perform(action: ShortcutAction): boolean {
  const s = useStore.getState();
  switch (action) {
    case 'newSession':
      void newSession();
      return true;
    case 'focusComposer':
      document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.focus();
      return true;
    case 'stop': {
      // Esc closes what is open first; only with nothing open does it stop the turn.
      if (s.shortcutsOpen || s.settingsOpen || s.domain.approvals.length > 0) return false;
      const turn = runningTurn();
      if (!turn) return false;
      void cancelTurn(turn);
      return true;
    }
    case 'settings':
      s.set({ settingsOpen: !s.settingsOpen });
      return true;
    case 'shortcuts':
      s.set({ shortcutsOpen: !s.shortcutsOpen });
      return true;
    case 'toggleSidebar':
      updatePrefs({ sidebarCollapsed: !s.prefs.sidebarCollapsed });
      return true;
    case 'togglePanel':
      updatePrefs({ panelCollapsed: !s.prefs.panelCollapsed });
      return true;
    case 'theme':
      updatePrefs({ theme: nextTheme(s.prefs.theme) });
      return true;
  }
}

/** One keydown listener for the whole window. */
export function useShortcuts(): void {
  useEffect(() => {
    applyTheme(useStore.getState().prefs.theme);
    const onKey = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement | null;
      const inField = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      const shortcut = findShortcut(e, inField);
      if (shortcut && perform(shortcut.action)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
