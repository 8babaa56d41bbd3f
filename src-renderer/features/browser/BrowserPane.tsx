import { useRef } from 'react';
import { useStore } from '../../state/store.js';
import { useNativeViewBounds } from './useNativeViewBounds.js';
import { useOverlayHidesNativeView } from './useOverlayHidesNativeView.js';

/**
 * What the web agent's browser shows: the latest screencast frame and its URL.
 * In Electron the host may lay its native view over the element with id "browser-pane".
 */
export function BrowserPane() {
  const browser = useStore((s) => s.domain.browser);
  const pane = useRef<HTMLDivElement>(null);
  const native = useNativeViewBounds(pane);
  useOverlayHidesNativeView(native);
  return (
    <section className="panel browser">
      <div className="panel-head">
        <span>Browser</span>
        <span className="browser-url" data-testid="browser-url" title={browser.url}>
          {browser.url || 'no page yet'}
        </span>
      </div>
      <div id="browser-pane" className="browser-pane" data-testid="browser-pane" ref={pane}>
        {native ? null : browser.frame ? (
          <img src={browser.frame} alt={browser.title || 'browser view'} draggable={false} />
        ) : (
          <div className="browser-empty muted">The web agent's browser appears here.</div>
        )}
      </div>
    </section>
  );
}
