// Permission decisions, as pure functions (unit-tested in Node). Everything is denied, except the
// microphone, audio only, for the app's own page in the app's own window (the voice input needs
// it). The embedded browser view's session gets nothing at all.

export interface PermissionAsk {
  permission: string;
  /** The asking webContents is the app's main window (not the browser view, not DevTools). */
  fromAppWindow: boolean;
  isMainFrame: boolean;
  /** details.requestingUrl: the last URL the asking frame loaded. */
  requestingUrl: string | undefined;
  /** Request handler: details.mediaTypes ('audio', 'video'). */
  mediaTypes?: readonly string[];
  /** Check handler: details.mediaType ('audio', 'video', 'unknown'). */
  mediaType?: string;
}

export function appPermission(ask: PermissionAsk, isAppUrl: (url: string) => boolean): boolean {
  if (ask.permission !== 'media' || !ask.fromAppWindow || !ask.isMainFrame) return false;
  if (!ask.requestingUrl || !isAppUrl(ask.requestingUrl)) return false;
  if (ask.mediaTypes !== undefined) return ask.mediaTypes.length > 0 && ask.mediaTypes.every((t) => t === 'audio');
  return ask.mediaType === 'audio';
}

/** The browser view's answer to every request and check. */
export const denyAll = (): false => false;
