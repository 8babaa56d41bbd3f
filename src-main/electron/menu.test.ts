import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from './menu.js';

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [...(item.role ? [item.role] : []), ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]);

describe('application menu', () => {
  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`has the standard roles on ${platform}`, () => {
      let aboutShown = 0;
      const template = menuTemplate({ platform, appName: 'Agentic', devTools: false, about: () => aboutShown++ });
      const all = roles(template);
      for (const role of ['editMenu', 'windowMenu', 'zoomIn', 'zoomOut', 'resetZoom', 'quit', 'help']) expect(all).toContain(role);
      expect(all).not.toContain('toggleDevTools');
      const about = template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : [])).find((i) => i.label === 'About Agentic');
      (about!.click as () => void)();
      expect(aboutShown).toBe(1);
      // macOS keeps About in the app menu; elsewhere it sits in Help.
      const help = template.find((m) => m.role === 'help')!;
      expect((help.submenu as MenuItemConstructorOptions[]).some((i) => i.label === 'About Agentic')).toBe(platform !== 'darwin');
    });
  }

  it('offers developer tools only in development', () => {
    expect(roles(menuTemplate({ platform: 'linux', appName: 'A', devTools: true, about: () => undefined }))).toContain('toggleDevTools');
  });
});
