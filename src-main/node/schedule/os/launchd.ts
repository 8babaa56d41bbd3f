// A launchd agent (launchd.plist(5)) in ~/Library/LaunchAgents: per user, no administrator rights.
// StartCalendarInterval has no year and reads the Mac's local time, so the instants are written as
// the system zone's wall times; launchd starts a job once on wake for times it slept through. The
// program is a shell that checks the app is still there (macOS apps have no uninstaller: they are
// dragged to the Bin) and, when it is not, deletes and unloads the agent (guard.ts).
import { launchdGuard } from './guard.js';
import type { JobSpec } from './jobSpec.js';
import { safeId } from './jobSpec.js';
import { wallAt } from '../../../core/schedule/zoned.js';

export const launchdLabel = (id: string): string => `com.agentic.schedule.${safeId(id)}`;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const str = (s: string) => `<string>${xml(s)}</string>`;

export function launchdPlist(spec: JobSpec, systemTimeZone: string, logFile: string, plistPath: string): string {
  const program = ['/bin/sh', '-c', launchdGuard(spec.requires, spec.argv, plistPath, launchdLabel(spec.id))];
  const intervals = spec.times.map((t) => {
    const w = wallAt(t, systemTimeZone);
    const keys = { Month: w.month, Day: w.day, Hour: w.hour, Minute: w.minute };
    return `      <dict>${Object.entries(keys)
      .map(([k, v]) => `<key>${k}</key><integer>${v}</integer>`)
      .join('')}</dict>`;
  });
  const env = Object.entries(spec.env).map(([k, v]) => `      <key>${xml(k)}</key>${str(v)}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
  <dict>
    <key>Label</key>
    ${str(launchdLabel(spec.id))}
    <key>ProgramArguments</key>
    <array>
${program.map((a) => `      ${str(a)}`).join('\n')}
    </array>
    <key>EnvironmentVariables</key>
    <dict>
${env.join('\n')}
    </dict>
    <key>StartCalendarInterval</key>
    <array>
${intervals.join('\n')}
    </array>
    <key>StandardOutPath</key>
    ${str(logFile)}
    <key>StandardErrorPath</key>
    ${str(logFile)}
  </dict>
</plist>
`;
}
