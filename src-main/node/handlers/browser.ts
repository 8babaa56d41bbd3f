// browser.*: the page tells the Electron host where the embedded view goes and when an overlay covers
// it. Without the view (web host, CLI) nothing is applied.
import type { Handlers } from '../../common/contract.js';
import type { EmbeddedBrowserHooks } from '../web/embeddedView.js';

export function createBrowserHandlers(embedded: EmbeddedBrowserHooks | undefined): Pick<Handlers, 'browser.setBounds' | 'browser.setOverlay'> {
  return {
    'browser.setBounds': async (rect) => {
      if (!embedded) return { applied: false };
      embedded.setBounds(rect);
      return { applied: true };
    },
    'browser.setOverlay': async ({ open }) => {
      if (!embedded?.setOverlay) return { applied: false };
      embedded.setOverlay(open);
      return { applied: true };
    },
  };
}
