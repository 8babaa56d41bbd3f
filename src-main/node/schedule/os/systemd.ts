// A systemd user timer and the oneshot service it starts (systemd.timer(5), systemd.service(5)).
// ExecCondition= first checks that the app is still installed; when it is not, it disables and
// deletes both units and the service is skipped (guard.ts).
import { systemdGuard } from './guard.js';
import type { JobSpec } from './jobSpec.js';
import { safeId } from './jobSpec.js';

export const unitName = (id: string): string => `agentic-schedule-${safeId(id)}`;

/** One ExecStart word: double-quoted, with the escapes systemd.syntax(7) reads, % and $ doubled. */
export function quoteExecArg(arg: string): string {
  const escaped = arg.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/%/g, '%%').replace(/\$/g, '$$$$');
  return `"${escaped}"`;
}

/** An instant as a systemd calendar event, in UTC so no zone rules are involved. */
export function calendarUtc(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC`;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').replace(/%/g, '%%');

export function systemdService(spec: JobSpec, unitDir: string): string {
  // Environment= resolves specifiers (%) but not variables ($).
  const env = Object.entries(spec.env).map(([k, v]) => `Environment="${`${k}=${v}`.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%')}"\n`);
  return `[Unit]
Description=${oneLine(spec.description)}

[Service]
Type=oneshot
${env.join('')}ExecCondition=${['/bin/sh', '-c', systemdGuard(spec.requires, unitDir, unitName(spec.id))].map(quoteExecArg).join(' ')}
ExecStart=${spec.argv.map(quoteExecArg).join(' ')}
`;
}

export function systemdTimer(spec: JobSpec): string {
  return `[Unit]
Description=${oneLine(spec.description)}

[Timer]
${spec.times.map((t) => `OnCalendar=${calendarUtc(t)}\n`).join('')}Persistent=true
AccuracySec=1s
Unit=${unitName(spec.id)}.service

[Install]
WantedBy=timers.target
`;
}
