/** Hosts that stay on this machine or its private network. */
const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|[\w-]+\.local|host\.docker\.internal)$/i;

/** Whether requests to this provider leave the machine (the UI marks those). */
export function isCloudProvider(kind: string, baseUrl: string): boolean {
  if (kind === 'anthropic') return true;
  if (kind !== 'openai') return false;
  // An OpenAI-compatible provider without a base URL talks to the vendor's cloud.
  if (!baseUrl.trim()) return true;
  try {
    return !LOCAL_HOST.test(new URL(baseUrl).hostname);
  } catch {
    return true;
  }
}
