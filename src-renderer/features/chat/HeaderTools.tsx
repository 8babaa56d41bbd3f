import { useStore } from '../../state/store.js';
import { updatePrefs } from '../shortcuts/useShortcuts.js';
import { SessionMemoryToggle } from './SessionMemoryToggle.js';

const THEME_LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;
const THEME_ICON = { system: '◐', light: '☀', dark: '☾' } as const;
const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;

/** Panel toggles, the theme switch and the shortcut sheet, at the right of the chat header. */
export function HeaderTools() {
  const prefs = useStore((s) => s.prefs);
  const set = useStore((s) => s.set);
  return (
    <div className="header-tools">
      <SessionMemoryToggle />
      <button
        className="icon-btn"
        data-testid="toggle-sidebar"
        aria-pressed={!prefs.sidebarCollapsed}
        title="Show or hide the sessions"
        onClick={() => updatePrefs({ sidebarCollapsed: !prefs.sidebarCollapsed })}
      >
        ⇤
      </button>
      <button
        className="icon-btn"
        data-testid="toggle-panel"
        aria-pressed={!prefs.panelCollapsed}
        title="Show or hide the browser and workspace panel"
        onClick={() => updatePrefs({ panelCollapsed: !prefs.panelCollapsed })}
      >
        ⇥
      </button>
      <button
        className="icon-btn"
        data-testid="pin-browser"
        aria-pressed={prefs.browserPinned}
        title={prefs.browserPinned ? 'Unpin the browser' : 'Keep the browser shown'}
        onClick={() => updatePrefs({ browserPinned: !prefs.browserPinned, panelCollapsed: false })}
      >
        {prefs.browserPinned ? 'Browser ●' : 'Browser'}
      </button>
      <button
        className="icon-btn"
        data-testid="theme-switch"
        data-theme-choice={prefs.theme}
        title={`${THEME_LABEL[prefs.theme]} (click for ${NEXT[prefs.theme]})`}
        onClick={() => updatePrefs({ theme: NEXT[prefs.theme] })}
      >
        {THEME_ICON[prefs.theme]}
      </button>
      <button className="icon-btn" data-testid="open-shortcuts" title="Keyboard shortcuts (?)" onClick={() => set({ shortcutsOpen: true })}>
        ?
      </button>
    </div>
  );
}
