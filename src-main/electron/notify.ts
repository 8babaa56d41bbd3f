// Desktop notifications of scheduled runs (done, failed, approval needed); clicking one brings the
// window forward, where the Schedules panel shows the run or the question.
import { Notification, type BrowserWindow } from 'electron';

export function scheduleNotifier(window: () => BrowserWindow | null): (notice: { title: string; body: string }) => void {
  return ({ title, body }) => {
    if (!Notification.isSupported()) return;
    const n = new Notification({ title, body: body.slice(0, 250) });
    n.on('click', () => {
      const w = window();
      if (!w) return;
      if (w.isMinimized()) w.restore();
      else w.show();
      w.focus();
    });
    n.show();
  };
}
