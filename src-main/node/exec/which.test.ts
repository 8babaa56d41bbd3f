import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable, windowsCandidates, type ExecLookupFs } from './which.js';

/** A Windows disk as a set of paths; lookups compare case-insensitively, as NTFS does. */
const fakeWindowsFs = (files: string[]): ExecLookupFs & { asked: string[] } => {
  const set = new Set(files.map((f) => f.toLowerCase()));
  const asked: string[] = [];
  return { asked, isExecutable: async (file) => (asked.push(file), set.has(file.toLowerCase())) };
};

describe('finding interpreters on Windows (PATHEXT)', () => {
  const PATH = 'C:\\Windows\\system32;"C:\\Program Files\\Go\\bin";;C:\\Users\\a\\AppData\\Local\\Programs\\Python\\Python312';
  const PATHEXT = '.COM;.EXE;.BAT;.CMD;.PY';

  it('tries each extension of PATHEXT in order, directory by directory', async () => {
    const fs = fakeWindowsFs(['C:\\Users\\a\\AppData\\Local\\Programs\\Python\\Python312\\python.exe', 'C:\\Program Files\\Go\\bin\\go.exe']);
    expect(await findExecutable('python', PATH, { platform: 'win32', pathExt: PATHEXT, fs })).toBe('C:\\Users\\a\\AppData\\Local\\Programs\\Python\\Python312\\python.exe');
    expect(fs.asked.slice(0, 2)).toEqual(['C:\\Windows\\system32\\python.com', 'C:\\Windows\\system32\\python.exe']);
    // A quoted entry is a directory like any other.
    expect(await findExecutable('go', PATH, { platform: 'win32', pathExt: PATHEXT, fs })).toBe('C:\\Program Files\\Go\\bin\\go.exe');
  });

  it('finds batch wrappers (npm.cmd) and takes a name that already has its extension as is', async () => {
    const fs = fakeWindowsFs(['C:\\Windows\\system32\\npm.cmd', 'C:\\Windows\\system32\\node.exe']);
    expect(await findExecutable('npm', PATH, { platform: 'win32', pathExt: PATHEXT, fs })).toBe('C:\\Windows\\system32\\npm.cmd');
    expect(await findExecutable('node.EXE', PATH, { platform: 'win32', pathExt: PATHEXT, fs })).toBe('C:\\Windows\\system32\\node.EXE');
    expect(windowsCandidates('node.exe', PATHEXT)).toEqual(['node.exe']);
    expect(windowsCandidates('python3', '.EXE;;bogus;.CMD')).toEqual(['python3.exe', 'python3.cmd']);
  });

  it('uses the Windows default list without PATHEXT, and a full path directly', async () => {
    const fs = fakeWindowsFs(['D:\\tools\\java.exe']);
    expect(await findExecutable('D:\\tools\\java', '', { platform: 'win32', pathExt: '.COM;.EXE;.BAT;.CMD', fs })).toBe('D:\\tools\\java.exe');
    expect(await findExecutable('java', 'D:\\tools', { platform: 'win32', fs })).toBe('D:\\tools\\java.exe');
    expect(await findExecutable('javac', 'D:\\tools', { platform: 'win32', fs })).toBeNull();
  });
});

describe('finding interpreters on Linux and macOS (real files)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentic-which-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('needs the execute bit and a file, and never tries PATHEXT', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    mkdirSync(join(bin, 'python3.d'));
    writeFileSync(join(bin, 'tool'), '#!/bin/sh\n');
    chmodSync(join(bin, 'tool'), 0o755);
    writeFileSync(join(bin, 'notes'), 'text');
    writeFileSync(join(bin, 'tool.exe'), '');
    chmodSync(join(bin, 'tool.exe'), 0o755);
    expect(await findExecutable('tool', `/nonexistent:${bin}`)).toBe(join(bin, 'tool'));
    expect(await findExecutable('notes', bin)).toBeNull();
    expect(await findExecutable('python3.d', bin)).toBeNull();
    expect(await findExecutable('sh')).toMatch(/\/sh$/);
    expect(await findExecutable(join(bin, 'tool'))).toBe(join(bin, 'tool'));
  });
});
