// The Electron host's embedded browser view, as the web agent and the window see it. The view exists
// only in the desktop app; elsewhere the web agent drives a headless Chromium (browserWeb.ts).
import type { Logger } from '../../core/ports.js';
import { createBrowserSearch } from '../../core/web/browserSearch.js';
import type { BrowserDriver, WebSearch } from '../../core/web/driver.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { SearxngSearch } from './searxngSearch.js';

/** What the Electron host lends the app: its embedded browser view, once the window exists. */
export interface EmbeddedBrowserHooks {
  driverFactory: () => Promise<BrowserDriver>;
  setBounds: (rect: { x: number; y: number; width: number; height: number }) => void;
  /** The page shows an overlay (settings, approval, a dialog): the native view must not draw over it. */
  setOverlay?: (open: boolean) => void;
}

/** Search in the Electron view, or through SearxNG when one is configured (read at each search). */
export function embeddedSearch(embedded: EmbeddedBrowserHooks, settings: SettingsStore, logger: Logger): WebSearch {
  const inView = createBrowserSearch({ driver: embedded.driverFactory, logger });
  const searxng = (): WebSearch | null => {
    const url = settings.get().searxngUrl;
    return url ? new SearxngSearch(url) : null;
  };
  return {
    name: 'browser',
    search: (query, signal) => (searxng() ?? inView).search(query, signal),
    searchOn: (driver, query, signal) => {
      const server = searxng();
      return server ? server.search(query, signal) : inView.searchOn!(driver, query, signal);
    },
  };
}
