// One answer to "where do my conversations go?", for Settings, the banner and the providers alike:
// this machine (loopback), your network (private, link-local and .local addresses), or the
// internet (anything else). A model server is judged by its address, whatever kind it is: an Ollama
// on another computer is not local because it is Ollama.
import { findProvider } from './providers.js';

export const ENDPOINT_REACHES = ['machine', 'network', 'internet'] as const;
export type EndpointReach = (typeof ENDPOINT_REACHES)[number];

/** How people are told, after "sends your conversations to …". */
export const REACH_WORDS: Record<EndpointReach, string> = {
  machine: 'this machine',
  network: 'another computer on your network',
  internet: 'a server on the internet',
};

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Reach(host: string): EndpointReach | null {
  const m = IPV4.exec(host);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a === 127 || (a === 0 && host === '0.0.0.0')) return 'machine';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return 'network';
  return 'internet';
}

function ipv6Reach(host: string): EndpointReach | null {
  if (!host.includes(':')) return null;
  const h = host.toLowerCase();
  if (h === '::1' || h === '::') return 'machine';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) return ipv4Reach(mapped[1]!);
  if (/^f[cd]/.test(h) || /^fe[89ab]/.test(h)) return 'network'; // unique local, link-local
  return 'internet';
}

/** Where requests to this URL go. An unparsable URL counts as the internet: the careful answer. */
export function endpointReach(url: string): EndpointReach {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'internet';
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'machine';
  const ip = ipv4Reach(host) ?? ipv6Reach(host);
  if (ip) return ip;
  if (host.endsWith('.local') || host.endsWith('.lan') || host.endsWith('.home.arpa') || host === 'host.docker.internal' || !host.includes('.')) return 'network';
  return 'internet';
}

/** Where a provider of this kind sends conversations, from its settings. */
export function providerReach(kind: string, baseUrl: string): EndpointReach {
  const row = findProvider(kind);
  if (!row) return 'internet';
  if (!row.baseUrl) return 'machine'; // it runs in this process
  const url = baseUrl.trim() || row.baseUrl.default;
  // A required address left empty: the provider cannot start, and the careful answer stands.
  return url ? endpointReach(url) : 'internet';
}
