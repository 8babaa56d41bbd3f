import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adoptLoginShellPath, loginShellCommand, loginShellPath, mergePaths, parseMarkedPath } from './loginShellPath.js';

const mark = () => loginShellCommand('/bin/zsh').args[1]!.match(/'(__AGENTIC_ENV_\w+__)'/)![1]!;

describe('the login shell PATH dump', () => {
  it('reads PATH between the markers and ignores what a profile prints around it', () => {
    const m = mark();
    const out = `Welcome to zsh!\nPATH=/fake/banner\n${m}\nHOME=/Users/a\nPATH=/opt/homebrew/bin:/usr/bin:/bin\nLANG=en_US.UTF-8\n${m}\nlogout notice\n`;
    expect(parseMarkedPath(out)).toBe('/opt/homebrew/bin:/usr/bin:/bin');
  });

  it('gives null without both markers or without PATH', () => {
    const m = mark();
    expect(parseMarkedPath('PATH=/usr/bin')).toBeNull();
    expect(parseMarkedPath(`${m}\nPATH=/usr/bin`)).toBeNull();
    expect(parseMarkedPath(`${m}\nHOME=/x\n${m}`)).toBeNull();
  });

  it('puts the shell entries first and keeps the rest once', () => {
    expect(mergePaths('/opt/homebrew/bin:/usr/bin:/bin', '/usr/bin:/bin:/usr/sbin:/sbin')).toBe('/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin');
    expect(mergePaths('::/a:/a', '/b::')).toBe('/a:/b');
  });
});

describe('asking a real shell', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-shell-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets the PATH a login bash builds', async () => {
    const path = await loginShellPath('/bin/bash', { env: { HOME: dir, PATH: '/usr/bin:/bin', SHELL: '/bin/bash' } });
    expect(path).toBeTruthy();
    expect(path!.split(':')).toContain('/usr/bin');
  });

  it('gives up at the timeout on a profile that hangs, and on a shell that does not exist', async () => {
    const hanging = join(dir, 'hanging-shell');
    writeFileSync(hanging, '#!/bin/sh\nsleep 30\n');
    chmodSync(hanging, 0o755);
    const started = Date.now();
    expect(await loginShellPath(hanging, { timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await loginShellPath(join(dir, 'no-such-shell'))).toBeNull();
  });

  it('adopts the shell PATH on macOS only', async () => {
    const shell = join(dir, 'brew-shell');
    // Stands in for zsh with a profile that adds Homebrew: it runs the command it is given with PATH set.
    writeFileSync(shell, '#!/bin/sh\nshift\nPATH=/opt/homebrew/bin:/usr/bin:/bin exec /bin/sh -c "$1"\n');
    chmodSync(shell, 0o755);
    const env: NodeJS.ProcessEnv = { SHELL: shell, PATH: '/usr/bin:/bin:/usr/sbin:/sbin' };
    expect(await adoptLoginShellPath({ ...env }, 'linux')).toBeNull();
    expect(await adoptLoginShellPath(env, 'darwin')).toEqual({ before: '/usr/bin:/bin:/usr/sbin:/sbin', after: '/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin' });
    expect(env.PATH).toBe('/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin');
    // From a terminal the PATH already is the shell's: no shell is started.
    expect(await adoptLoginShellPath({ ...env, SHELL: join(dir, 'no-such-shell'), PATH: '/usr/bin', TERM: 'xterm-256color' }, 'darwin')).toBeNull();
  });
});
