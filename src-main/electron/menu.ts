// The application menu: the standard roles users expect (copy/paste and undo work in every text
// field through the Edit menu on macOS; zoom in the View menu; Window; Help → About). Built as a
// template by a pure function (unit-tested in Node); main.ts turns it into a Menu.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Developer tools only in development builds. */
  devTools: boolean;
  about: () => void;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: `About ${options.appName}`, click: () => options.about() };
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    // zoomIn's accelerator is CommandOrControl+Plus, which needs Shift on most layouts: accept '=' too.
    { role: 'zoomIn', accelerator: 'CommandOrControl+=', visible: false },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (options.devTools) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(mac
      ? [
          {
            label: options.appName,
            submenu: [
              about,
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : [{ label: 'File', submenu: [{ role: 'quit' }] } satisfies MenuItemConstructorOptions]),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: mac ? [] : [about] },
  ];
}
