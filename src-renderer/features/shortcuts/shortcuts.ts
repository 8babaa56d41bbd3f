// Keyboard shortcuts: one table, read by the key handler and by the sheet that lists them.
// Chosen to avoid what browsers keep for themselves (Ctrl+N, Ctrl+T and Ctrl+W never reach a page).

export type ShortcutAction = 'newSession' | 'focusComposer' | 'stop' | 'settings' | 'shortcuts' | 'toggleSidebar' | 'togglePanel' | 'theme';

export interface Shortcut {
  action: ShortcutAction;
  /** As shown in the sheet; "Mod" is Ctrl, or ⌘ on macOS. */
  keys: string;
  label: string;
  /** Also while typing in a field (else only outside text fields). */
  inFields: boolean;
  match(e: KeyLike): boolean;
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const mod = (e: KeyLike) => (e.ctrlKey || e.metaKey) && !e.altKey;
const bare = (e: KeyLike) => !e.ctrlKey && !e.metaKey && !e.altKey;

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'newSession', keys: 'Mod+Shift+O', label: 'New session', inFields: true, match: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === 'o' },
  { action: 'focusComposer', keys: '/', label: 'Focus the message box', inFields: false, match: (e) => bare(e) && e.key === '/' },
  { action: 'stop', keys: 'Esc', label: 'Stop the running turn', inFields: true, match: (e) => bare(e) && !e.shiftKey && e.key === 'Escape' },
  { action: 'settings', keys: 'Mod+,', label: 'Settings', inFields: true, match: (e) => mod(e) && e.key === ',' },
  { action: 'toggleSidebar', keys: 'Mod+Shift+S', label: 'Show or hide the sessions', inFields: true, match: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === 's' },
  {
    action: 'togglePanel',
    keys: 'Mod+Shift+B',
    label: 'Show or hide the browser and workspace panel',
    inFields: true,
    match: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === 'b',
  },
  { action: 'theme', keys: 'Mod+Shift+L', label: 'Switch theme (system, light, dark)', inFields: true, match: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === 'l' },
  { action: 'shortcuts', keys: '?', label: 'This list', inFields: false, match: (e) => !e.ctrlKey && !e.metaKey && e.key === '?' },
];

export function findShortcut(e: KeyLike, inField: boolean): Shortcut | null {
  return SHORTCUTS.find((s) => (s.inFields || !inField) && s.match(e)) ?? null;
}

export const displayKeys = (keys: string, mac: boolean): string => keys.replace('Mod', mac ? '⌘' : 'Ctrl');
