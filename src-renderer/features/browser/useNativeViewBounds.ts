import { useEffect, type RefObject } from 'react';
import { bridge } from '../../bridge/index.js';

/**
 * In Electron the web agent drives a native browser view laid over the pane: report the pane's
 * rectangle whenever it moves or resizes (an empty one hides the view). Over the web host there is
 * no native view and nothing is sent.
 */
export function useNativeViewBounds(ref: RefObject<HTMLElement | null>): boolean {
  const native = bridge().kind === 'ipc';
  useEffect(() => {
    const el = ref.current;
    if (!native || !el) return;
    let frame = 0;
    const report = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        void bridge().invoke('browser.setBounds', { x: r.left, y: r.top, width: r.width, height: r.height });
      });
    };
    const observer = new ResizeObserver(report);
    observer.observe(el);
    window.addEventListener('resize', report);
    report();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', report);
      cancelAnimationFrame(frame);
      void bridge().invoke('browser.setBounds', { x: 0, y: 0, width: 0, height: 0 });
    };
  }, [native, ref]);
  return native;
}
