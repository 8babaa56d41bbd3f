// "The network" for tests of networked blocks: this machine's first non-loopback IPv4 address. A
// networked block has its own network namespace without the host's loopback (issue 26), so a test
// server on 127.0.0.1 is out of its reach, while one on this address is reached like any other host.
import os from 'node:os';

export function outsideHost(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('This machine has no non-loopback IPv4 address: the tests of networked blocks need one.');
  return address;
}
