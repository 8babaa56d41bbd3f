import { describe, expect, it } from 'vitest';
import { bwrapArgs, macProfile, wrapCommand, type SandboxInfo } from './sandbox.js';

const spec = { workspace: '/home/u/ws', writable: ['/tmp/agentic-block-1'], network: true };

describe('bwrapArgs', () => {
  it('makes root read-only, the workspace and build folder writable, with a private /tmp and own PID namespace', () => {
    const args = bwrapArgs(spec).join(' ');
    expect(args).toMatch(/^--ro-bind \/ \/ --dev \/dev --proc \/proc --tmpfs \/tmp /);
    expect(args).toContain('--bind /home/u/ws /home/u/ws');
    expect(args).toContain('--bind /tmp/agentic-block-1 /tmp/agentic-block-1');
    expect(args).toContain('--unshare-pid');
    expect(args).toContain('--die-with-parent');
    expect(args).toContain('--chdir /home/u/ws');
    expect(args).not.toContain('--unshare-net');
  });

  it('binds the build folder after the private /tmp, or the tmpfs would hide it', () => {
    const args = bwrapArgs(spec);
    expect(args.indexOf('/tmp/agentic-block-1')).toBeGreaterThan(args.indexOf('--tmpfs'));
  });

  it('cuts the network when the setting is off', () => {
    expect(bwrapArgs({ ...spec, network: false })).toContain('--unshare-net');
  });
});

describe('macProfile', () => {
  it('denies writes except the workspace and temp folders, and network when off', () => {
    const profile = macProfile({ ...spec, network: false });
    expect(profile).toContain('(deny file-write*)');
    expect(profile).toContain('(subpath "/home/u/ws")');
    expect(profile).toContain('(deny network*)');
    expect(macProfile(spec)).not.toContain('(deny network*)');
  });

  it('escapes quotes in paths so a folder name cannot end the profile string', () => {
    expect(macProfile({ ...spec, workspace: '/x/a"b' })).toContain('(subpath "/x/a\\"b")');
  });
});

describe('wrapCommand', () => {
  const info = (kind: SandboxInfo['kind'], executable: string | null): SandboxInfo => ({ available: kind !== 'none', kind, warning: null, executable });

  it('puts the command after bwrap arguments and --', () => {
    const wrapped = wrapCommand(info('bubblewrap', '/usr/bin/bwrap'), spec, 'python3', ['x.py']);
    expect(wrapped.file).toBe('/usr/bin/bwrap');
    expect(wrapped.args.slice(-3)).toEqual(['--', 'python3', 'x.py']);
  });

  it('runs sandbox-exec with the profile, and leaves the command alone without a sandbox', () => {
    expect(wrapCommand(info('sandbox-exec', '/usr/bin/sandbox-exec'), spec, 'python3', []).args[0]).toBe('-p');
    expect(wrapCommand(info('none', null), spec, 'python3', ['a'])).toEqual({ file: 'python3', args: ['a'] });
  });
});
