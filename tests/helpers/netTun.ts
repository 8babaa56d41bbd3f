// Whether this process can open /dev/net/tun. slirp4netns, which gives a networked block a network
// namespace of its own (src-main/node/exec/blockNetwork.ts), opens it inside the block's user
// namespace, where the host's root is unmapped: a device node that is 0600 root (this development
// container; 0666 on usual distributions) cannot be opened by a normal user there, so such a user
// gets the documented fallback (the host's network namespace). Tests of the own namespace skip for
// that reason only; a namespace missing for any other reason still fails them.
import { closeSync, openSync } from 'node:fs';

export function tunOpenable(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    closeSync(openSync('/dev/net/tun', 'r+'));
    return true;
  } catch {
    return false;
  }
}

/** The reason given where a test of the block's own network namespace is skipped. */
export const NO_TUN_REASON = '/dev/net/tun cannot be opened by this user: slirp4netns cannot make the block an interface, so blocks use the fallback';
