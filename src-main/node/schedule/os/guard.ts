// Self-healing OS jobs: every job first checks that the program it starts still exists (the app was
// uninstalled, moved, or the Node it ran on replaced) and, when it does not, removes itself instead
// of failing at each of its times forever. The check is a POSIX shell snippet: systemd runs it as
// ExecCondition=, cron as the line's command, launchd as the program. Windows has no shell that
// starts without a console window, so there the uninstaller removes the tasks (build/installer.nsh)
// and a task whose program is gone fails harmlessly until the app, next started, rewrites it.

/** POSIX shell single quotes. */
export const shQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The files a job needs: the absolute paths among the CLI's program words. A path inside an asar
 * archive is checked as the archive file itself (a shell cannot look inside it).
 */
export function requiredFiles(cliArgv: readonly string[]): string[] {
  const absolute = cliArgv.filter((a) => a.startsWith('/') || /^[A-Za-z]:[\\/]/.test(a));
  return [...new Set(absolute.map((a) => a.replace(/(\.asar)[\\/].*$/, '$1')))];
}

/** `[ -e A ] && [ -e B ]`: true while every file the job needs exists. */
export function presentTest(requires: readonly string[]): string {
  return requires.length === 0 ? 'true' : requires.map((f) => `[ -e ${shQuote(f)} ]`).join(' && ');
}

/** systemd: exit 0 runs the service; 1 skips it (not a failure) after the timer was removed. */
export function systemdGuard(requires: readonly string[], unitDir: string, unit: string): string {
  const files = [`${unit}.timer`, `${unit}.service`].map((f) => shQuote(`${unitDir}/${f}`)).join(' ');
  return `if ${presentTest(requires)}; then exit 0; fi; systemctl --user disable --now ${shQuote(`${unit}.timer`)}; rm -f -- ${files}; exit 1`;
}

/** cron: runs the command, or takes this schedule's lines out of the crontab. */
export function cronGuard(requires: readonly string[], command: string, tag: string): string {
  return `if ${presentTest(requires)}; then ${command}; else crontab -l | grep -v -- ${shQuote(`${tag}$`)} | crontab -; fi`;
}

/** launchd: execs the command, or deletes the agent's plist and unloads it (which ends this shell). */
export function launchdGuard(requires: readonly string[], argv: readonly string[], plistPath: string, label: string): string {
  const command = argv.map(shQuote).join(' ');
  return `if ${presentTest(requires)}; then exec ${command}; fi; rm -f -- ${shQuote(plistPath)}; launchctl bootout "gui/$(id -u)/${label}"`;
}
