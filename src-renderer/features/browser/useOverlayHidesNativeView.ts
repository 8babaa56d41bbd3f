import { useEffect } from 'react';
import { bridge } from '../../bridge/index.js';

/** Any modal dialog or drawer (aria-modal), and the drop target while files are dragged over the window. */
const OVERLAY = '[aria-modal="true"], [data-native-overlay]';

/**
 * In Electron the browser view is a native layer drawn above the page: it would cover the Settings
 * drawer, the approval dialog or any other dialog. Tell main whenever one is on screen (it hides
 * the view meanwhile, and restores it after). Watches the DOM, so a new dialog needs no wiring.
 */
export function useOverlayHidesNativeView(native: boolean): void {
  useEffect(() => {
    if (!native) return;
    let open = false;
    const check = () => {
      const now = document.querySelector(OVERLAY) !== null;
      if (now === open) return;
      open = now;
      void bridge().invoke('browser.setOverlay', { open });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-modal', 'data-native-overlay'] });
    check();
    return () => {
      observer.disconnect();
      if (open) void bridge().invoke('browser.setOverlay', { open: false });
    };
  }, [native]);
}
