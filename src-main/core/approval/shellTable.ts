// The ask-list by command name, and the per-command rules that look at arguments (git, forced
// flags, the files a command writes). Pure: the caller says whether a path is an existing file.
import { isInside, resolveFrom } from './paths.js';
import type { Findings } from './findings.js';

const ASK_BY_NAME: Readonly<Record<string, string>> = {
  rm: 'deletes files',
  rmdir: 'deletes directories',
  unlink: 'deletes files',
  shred: 'destroys files',
  srm: 'deletes files',
  truncate: 'empties files',
  wipe: 'destroys files',
  chmod: 'changes permissions',
  chown: 'changes ownership',
  chgrp: 'changes ownership',
  chattr: 'changes file attributes',
  setfacl: 'changes permissions',
  kill: 'kills processes',
  killall: 'kills processes',
  pkill: 'kills processes',
  skill: 'kills processes',
  xkill: 'kills processes',
  dd: 'raw disk/file copy',
  fdisk: 'disk tool',
  sfdisk: 'disk tool',
  gdisk: 'disk tool',
  parted: 'disk tool',
  wipefs: 'disk tool',
  mkswap: 'disk tool',
  swapon: 'disk tool',
  swapoff: 'disk tool',
  mount: 'mounts file systems',
  umount: 'unmounts file systems',
  losetup: 'disk tool',
  cryptsetup: 'disk tool',
  hdparm: 'disk tool',
  blkdiscard: 'disk tool',
  su: 'switches user',
  pkexec: 'runs as the superuser',
  shutdown: 'stops the machine',
  reboot: 'restarts the machine',
  halt: 'stops the machine',
  poweroff: 'stops the machine',
  systemctl: 'controls system services',
  service: 'controls system services',
  crontab: 'changes scheduled jobs',
  at: 'schedules a job',
  useradd: 'changes users',
  userdel: 'changes users',
  usermod: 'changes users',
  passwd: 'changes passwords',
  iptables: 'changes the firewall',
  nft: 'changes the firewall',
  sudo: 'runs as the superuser',
  doas: 'runs as the superuser',
};

/** Commands whose non-option arguments are written (created, overwritten, moved to). */
const WRITERS = new Set(['cp', 'mv', 'tee', 'touch', 'mkdir', 'ln', 'install', 'rsync', 'sed', 'tar', 'curl', 'wget', 'perl']);

export interface TablePlace {
  workspace: string;
  cwd: string | null;
  /** Whether an absolute path is an existing file in the workspace. */
  isFile: (absolute: string) => boolean;
}

function forced(args: readonly string[]): boolean {
  return args.some((a) => a === '--force' || a === '--force-with-lease' || a.startsWith('--force-with-lease=') || a.startsWith('--force='));
}

function gitFindings(args: readonly string[], findings: Findings): void {
  const sub = args.find((a) => !a.startsWith('-'));
  if (sub === 'push' && (forced(args) || args.some((a) => /^-[a-zA-Z]*f/.test(a) || /^\+/.test(a) || a === '--delete' || a === '-d' || a === '--mirror'))) {
    findings.ask.push('git push: force push or remote deletion');
  }
  if (sub === 'reset' && args.includes('--hard')) findings.ask.push('git reset --hard: discards changes');
  if (sub === 'clean') findings.ask.push('git clean: deletes untracked files');
  if (sub === 'rm') findings.ask.push('git rm: deletes files');
  if ((sub === 'checkout' || sub === 'switch' || sub === 'restore') && (forced(args) || args.includes('-f') || args.includes('.'))) {
    findings.ask.push(`git ${sub}: discards changes`);
  }
  if (sub === 'branch' && args.some((a) => a === '-D' || (a === '-d' && forced(args)))) findings.ask.push('git branch -D: deletes a branch');
  // `git -c core.pager=… log`, aliases and hooks run commands of the config's choosing.
  if (args.some((a, i) => a === '-c' && /^(core\.(pager|editor|sshcommand|fsmonitor|hookspath)|alias\.|.*\.(command|cmd|helper))/i.test(args[i + 1] ?? ''))) {
    findings.ask.push('git -c sets a command for git to run');
  }
}

function catastrophic(name: string, args: readonly string[]): boolean {
  if (name !== 'rm' || !args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive')) return false;
  return args.some((a) => /^(\/+\*?|~\/?|\$HOME\/?|\/\*|\.\.\/?)$/.test(a));
}

/** The paths a command writes (for the outside-the-workspace check and the record of written files). */
export function targetsWritten(name: string, args: readonly string[]): string[] {
  if (!WRITERS.has(name) && name !== 'dd') return [];
  const plain = args.filter((a) => !a.startsWith('-'));
  if (name === 'dd') return args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3));
  if (name === 'curl') return args.flatMap((a, i) => (a === '-o' || a === '--output' ? [args[i + 1] ?? ''] : []));
  if (name === 'wget') return args.flatMap((a, i) => (a === '-O' ? [args[i + 1] ?? ''] : a.startsWith('--output-document=') ? [a.slice(18)] : []));
  if (name === 'sed' || name === 'perl') return args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place')) ? plain.slice(1) : [];
  if (name === 'tar') return args.flatMap((a, i) => (a === '-C' || a === '--directory' ? [args[i + 1] ?? ''] : []));
  if (name === 'cp' || name === 'mv' || name === 'ln' || name === 'install' || name === 'rsync') {
    const dir = args.findIndex((a) => a === '-t' || a === '--target-directory');
    return dir !== -1 ? [args[dir + 1] ?? ''] : plain.slice(-1);
  }
  return plain;
}

/** `mv a b` where b is an existing file (or b/a exists in a directory b) replaces it: as good as deleting it. */
function mvReplaces(args: readonly string[], place: TablePlace): string | null {
  const plain = args.filter((a) => !a.startsWith('-'));
  if (plain.length < 2 || args.includes('-n') || args.includes('--no-clobber')) return null;
  const dest = plain[plain.length - 1]!;
  const abs = resolveFrom(place.cwd, dest);
  if (abs === null) return null;
  if (place.isFile(abs)) return dest;
  for (const src of plain.slice(0, -1)) {
    const inside = `${abs}/${src.slice(src.lastIndexOf('/') + 1)}`;
    if (place.isFile(inside)) return `${dest}/${src.slice(src.lastIndexOf('/') + 1)}`;
  }
  return null;
}

/** A sed script with an `e` command or an `s///e` flag (scanned by hand: a regex for it backtracks on long scripts). */
function sedRunsCommands(script: string): boolean {
  if (/(^|[;\n}])[ \t]*e([ \t\n;]|$)/.test(script)) return true;
  if (script[0] !== 's' || script.length < 4) return false;
  const delim = script[1]!;
  let seen = 0;
  let i = 2;
  for (; i < script.length && seen < 2; i++) {
    if (script[i] === '\\') i++;
    else if (script[i] === delim) seen++;
  }
  let flags = '';
  while (i < script.length && /[a-zA-Z0-9]/.test(script[i]!)) flags += script[i++];
  return seen === 2 && flags.includes('e');
}

export function commandTableFindings(name: string, args: readonly string[], place: TablePlace): Findings {
  const findings: Findings = { ask: [], deny: [] };
  if (catastrophic(name, args)) findings.deny.push(`${name} ${args.join(' ')}: would delete the whole system or home`);
  const reason = Object.hasOwn(ASK_BY_NAME, name) ? ASK_BY_NAME[name] : /^mkfs(\.\w+)?$/.test(name) ? 'formats a disk' : undefined;
  if (reason) findings.ask.push(`${name}: ${reason}`);
  if (name === 'git') gitFindings(args, findings);
  else if (forced(args) || ((name === 'mv' || name === 'cp' || name === 'ln') && args.some((a) => /^-[a-zA-Z]*f/.test(a)))) {
    findings.ask.push(`${name}: forced`);
  }
  if (name === 'mv') {
    const replaced = mvReplaces(args, place);
    if (replaced !== null) findings.ask.push(`mv replaces the existing file ${replaced}`);
  }
  if (name === 'tee' && !args.some((a) => a === '-a' || a === '--append')) {
    for (const t of args.filter((a) => !a.startsWith('-'))) {
      const abs = resolveFrom(place.cwd, t);
      if (abs !== null && place.isFile(abs)) findings.ask.push(`tee empties and rewrites the existing file ${t}`);
    }
  }
  // GNU sed's `e` command and `s///e` flag run the pattern space as a shell command.
  if (name === 'sed' && args.some((a) => !a.startsWith('-') && sedRunsCommands(a))) {
    findings.ask.push('sed: the script runs shell commands (e)');
  }
  for (const target of targetsWritten(name, args)) {
    const abs = resolveFrom(place.cwd, target);
    if (target !== '' && target !== '-' && (abs === null || (!isInside(place.workspace, abs) && !/^\/dev\/(null|stdout|stderr)$/.test(abs)))) {
      findings.ask.push(`${name} writes outside the workspace: ${target}`);
    }
  }
  return findings;
}
