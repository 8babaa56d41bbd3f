// The default ask-list, applied to one simple command at a time. Commands are compared by their
// exact name (basename of the first word), so `echo digital`, `committee` or `farm` never match `rm`.
// codeRules imports this module too; the cycle is safe, as each uses the other only inside functions.
import { judgeSource } from './codeRules.js';
import { pointsOutside } from './paths.js';
import { splitCommands, type SimpleCommand } from './shellLex.js';

export interface Findings {
  ask: string[];
  deny: string[];
}

const ASK_BY_NAME: Record<string, string> = {
  rm: 'deletes files', rmdir: 'deletes directories', unlink: 'deletes files', shred: 'destroys files',
  srm: 'deletes files', truncate: 'empties files', wipe: 'destroys files',
  chmod: 'changes permissions', chown: 'changes ownership', chgrp: 'changes ownership', chattr: 'changes file attributes',
  setfacl: 'changes permissions', kill: 'kills processes', killall: 'kills processes', pkill: 'kills processes',
  skill: 'kills processes', xkill: 'kills processes', dd: 'raw disk/file copy', fdisk: 'disk tool', sfdisk: 'disk tool',
  gdisk: 'disk tool', parted: 'disk tool', wipefs: 'disk tool', mkswap: 'disk tool', swapon: 'disk tool',
  swapoff: 'disk tool', mount: 'mounts file systems', umount: 'unmounts file systems', losetup: 'disk tool',
  cryptsetup: 'disk tool', hdparm: 'disk tool', blkdiscard: 'disk tool', sudo: 'runs as the superuser',
  doas: 'runs as the superuser', su: 'switches user', pkexec: 'runs as the superuser', shutdown: 'stops the machine',
  reboot: 'restarts the machine', halt: 'stops the machine', poweroff: 'stops the machine', systemctl: 'controls system services',
  service: 'controls system services', crontab: 'changes scheduled jobs', useradd: 'changes users', userdel: 'changes users',
  usermod: 'changes users', passwd: 'changes passwords', iptables: 'changes the firewall', nft: 'changes the firewall',
};
/** Commands that run the rest of their arguments as another command. */
const WRAPPERS = new Set(['busybox', 'sudo', 'doas', 'env', 'nice', 'nohup', 'time', 'timeout', 'exec', 'command', 'builtin', 'stdbuf', 'xargs', 'setsid', 'ionice', 'chroot', 'strace', 'watch']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
/** Commands whose non-option arguments are written (created, overwritten, moved to). */
const WRITERS = new Set(['cp', 'mv', 'tee', 'touch', 'mkdir', 'ln', 'install', 'rsync', 'sed', 'tar', 'curl', 'wget']);

const isAssignment = (w: string) => /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=/.test(w);
const basename = (w: string) => w.slice(w.lastIndexOf('/') + 1);

/** Drops assignments and wrapper commands (with their options) to reach the command that really runs. */
function unwrap(words: string[], findings: Findings): string[] {
  let rest = words;
  for (;;) {
    while (rest.length > 0 && isAssignment(rest[0]!)) rest = rest.slice(1);
    const name = basename(rest[0] ?? '');
    if (!WRAPPERS.has(name)) return rest;
    if (ASK_BY_NAME[name]) findings.ask.push(`${name}: ${ASK_BY_NAME[name]}`);
    rest = rest.slice(1);
    // Options of the wrapper, and a duration for timeout, are not the command.
    while (rest.length > 0 && (rest[0]!.startsWith('-') || (name === 'timeout' && /^\d/.test(rest[0]!)) || (name === 'env' && isAssignment(rest[0]!)))) {
      const option = rest[0]!;
      rest = rest.slice(1);
      if ((name === 'sudo' || name === 'doas') && /^-[ugCDhpRTU]$/.test(option)) rest = rest.slice(1);
    }
  }
}

function forced(args: string[]): boolean {
  return args.some((a) => a === '--force' || a === '--force-with-lease' || a.startsWith('--force-with-lease=') || a.startsWith('--force='));
}

function gitFindings(args: string[], findings: Findings): void {
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
}

function catastrophic(name: string, args: string[]): boolean {
  if (name !== 'rm' || !args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive')) return false;
  return args.some((a) => /^(\/+\*?|~\/?|\$HOME\/?|\/\*|\.\.\/?)$/.test(a));
}

function writeTargets(name: string, args: string[]): string[] {
  const plain = args.filter((a) => !a.startsWith('-'));
  if (name === 'dd') return args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3));
  if (name === 'curl') return args.flatMap((a, i) => (a === '-o' || a === '--output' ? [args[i + 1] ?? ''] : []));
  if (name === 'wget') return args.flatMap((a, i) => (a === '-O' ? [args[i + 1] ?? ''] : a.startsWith('--output-document=') ? [a.slice(18)] : []));
  if (name === 'sed') return args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place')) ? plain.slice(1) : [];
  if (name === 'tar') return args.flatMap((a, i) => (a === '-C' || a === '--directory' ? [args[i + 1] ?? ''] : []));
  if (name === 'cp' || name === 'mv' || name === 'ln' || name === 'install' || name === 'rsync') return plain.slice(-1);
  return plain;
}

export function judgeSimpleCommand(command: SimpleCommand, workspace: string, depth = 0): Findings {
  const findings: Findings = { ask: [], deny: [] };
  for (const r of command.redirects) {
    const writes = /^&?>/.test(r.op) || r.op === '<>';
    const fdDup = (r.op === '>&' || r.op === '<&') && /^(\d+|-)$/.test(r.target);
    if (writes && !fdDup && pointsOutside(workspace, r.target)) findings.ask.push(`writes outside the workspace: ${r.target}`);
  }
  const words = unwrap(command.words, findings);
  if (words.length === 0) return findings;
  const name = basename(words[0]!);
  const args = words.slice(1);
  // `$cmd x` or `$(echo rm) x`: the program is chosen at run time, so its name proves nothing.
  if (/[$`]/.test(words[0]!)) findings.ask.push(`runs a command whose name is computed at run time: ${words[0]}`);
  if (catastrophic(name, args)) findings.deny.push(`${words.join(' ')}: would delete the whole system or home`);
  const reason = ASK_BY_NAME[name] ?? (/^mkfs(\.\w+)?$/.test(name) ? 'formats a disk' : undefined);
  if (reason) findings.ask.push(`${name}: ${reason}`);
  if (name === 'git') gitFindings(args, findings);
  else if (forced(args) || ((name === 'mv' || name === 'cp' || name === 'ln') && args.some((a) => /^-[a-zA-Z]*f/.test(a)))) {
    findings.ask.push(`${name}: forced`);
  }
  if (name === 'find' && args.some((a) => a === '-delete' || a === '-exec' || a === '-execdir' || a === '-ok')) {
    const exec = args.indexOf('-exec') + 1 || args.indexOf('-execdir') + 1;
    if (args.includes('-delete')) findings.ask.push('find -delete: deletes files');
    if (exec > 0) merge(findings, judgeSimpleCommand({ ...command, words: args.slice(exec).filter((a) => a !== ';' && a !== '+' && a !== '{}'), redirects: [] }, workspace, depth + 1));
  }
  if (WRITERS.has(name)) {
    for (const target of writeTargets(name, args)) {
      if (pointsOutside(workspace, target)) findings.ask.push(`${name} writes outside the workspace: ${target}`);
    }
  }
  // `bash -c "…"` and `eval "…"` run a script of their own: judge it the same way.
  const inline = SHELLS.has(name) ? args[args.indexOf('-c') + 1] : name === 'eval' ? args.join(' ') : undefined;
  if (inline !== undefined && (name === 'eval' || args.includes('-c')) && depth < 4) {
    for (const inner of splitCommands(inline, true)) merge(findings, judgeSimpleCommand(inner, workspace, depth + 1));
  }
  if (/^python[\d.]*$/.test(name) && args.includes('-c') && depth < 4) merge(findings, judgeSource('python', args[args.indexOf('-c') + 1] ?? '', workspace));
  return findings;
}

export function merge(into: Findings, from: Findings): void {
  into.ask.push(...from.ask);
  into.deny.push(...from.deny);
}

/** Judges every simple command of a script. */
export function judgeShellScript(script: string, workspace: string): Findings {
  const findings: Findings = { ask: [], deny: [] };
  for (const command of splitCommands(script)) merge(findings, judgeSimpleCommand(command, workspace));
  if (/:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}/.test(script)) findings.deny.push('fork bomb');
  return findings;
}
