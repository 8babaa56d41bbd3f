// Layout and theme choices kept in the page's own storage: they belong to this window, not the app.
export type Theme = 'system' | 'light' | 'dark';

export interface Prefs {
  theme: Theme;
  sidebarCollapsed: boolean;
  panelCollapsed: boolean;
  browserPinned: boolean;
}

const KEY = 'agentic.prefs';
const DEFAULTS: Prefs = { theme: 'system', sidebarCollapsed: false, panelCollapsed: false, browserPinned: false };

export function loadPrefs(): Prefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return {
      theme: raw.theme === 'light' || raw.theme === 'dark' ? raw.theme : 'system',
      sidebarCollapsed: raw.sidebarCollapsed === true,
      panelCollapsed: raw.panelCollapsed === true,
      browserPinned: raw.browserPinned === true,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

export function savePrefs(prefs: Prefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

/** The theme the page shows: the system's unless the user chose one. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export const nextTheme = (t: Theme): Theme => (t === 'system' ? 'light' : t === 'light' ? 'dark' : 'system');
