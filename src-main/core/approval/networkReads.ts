// Data a block reads from the network is untrusted text, like a web page: a page fetched with curl
// may carry instructions that are not the user's. Which bytes a block read cannot be seen from the
// outside while it shares the host's network, so a block with the network counts as reading from
// it when its code names a network client or an address. A model that follows the user writes such
// a fetch plainly; code that hides one comes from a model already steered, whose session is tainted.
// One alternation of literals with word bounds: linear in the code's length.
const NETWORK_CLIENT =
  /\b(?:curl|wget|aria2c|lynx|w3m|elinks|httpie|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|rsync|ftp|tftp|dig|nslookup|whois|requests|urllib\d?|urlopen|httpx|aiohttp|http\.client|socket|axios|fetch|XMLHttpRequest|WebSocket|undici|net\/http|reqwest|ureq|HttpClient|HttpURLConnection|openConnection|URLConnection|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|git\s+(?:clone|fetch|pull|ls-remote|submodule)|pip\d?\s+download|gh|youtube-dl|yt-dlp)\b|[a-z][a-z0-9+.-]*:\/\/[^\s'"]/i;

/** Whether a block's code, run with the network, may read from it. */
export function readsNetwork(code: string): boolean {
  return NETWORK_CLIENT.test(code);
}

/** How the taint is named to the user (the approval dialog shows it). */
export const NETWORK_SOURCE = 'data a block read from the network';
