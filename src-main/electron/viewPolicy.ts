// What the embedded browser view may load. Pure: unit-tested in Node.

const PAGE_SCHEMES = new Set(['http:', 'https:']);
/** Subresources a normal page needs besides http(s): inline data, its own blobs, WebSockets. */
const RESOURCE_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'data:', 'blob:']);

function scheme(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

/** A top-level or frame navigation: http and https only, plus the blank page the driver parks on. */
export function viewNavigationAllowed(url: string): boolean {
  if (url === 'about:blank') return true;
  const s = scheme(url);
  return s !== null && PAGE_SCHEMES.has(s);
}

/** A request of the view's session (Electron's webRequest resourceType): never file:, chrome:, devtools: and the like. */
export function viewRequestAllowed(url: string, resourceType: string): boolean {
  if (resourceType === 'mainFrame' || resourceType === 'subFrame') return viewNavigationAllowed(url);
  const s = scheme(url);
  return s !== null && RESOURCE_SCHEMES.has(s);
}
