import { useStore } from '../../state/store.js';
import { displayKeys, SHORTCUTS } from './shortcuts.js';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The list of keyboard shortcuts (press ? to open it). */
export function ShortcutSheet() {
  const open = useStore((s) => s.shortcutsOpen);
  const set = useStore((s) => s.set);
  if (!open) return null;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && set({ shortcutsOpen: false })}>
      <div className="modal" data-testid="shortcut-sheet" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <table className="shortcut-table">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.action}>
                <td>
                  <kbd>{displayKeys(s.keys, mac)}</kbd>
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
            <tr>
              <td>
                <kbd>Enter</kbd> / <kbd>Shift+Enter</kbd>
              </td>
              <td>Send / new line</td>
            </tr>
          </tbody>
        </table>
        <div className="modal-actions">
          <button className="btn" data-testid="close-shortcuts" onClick={() => set({ shortcutsOpen: false })}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
