// A Windows Task Scheduler task (the Task Scheduler schema, version 1.2), registered per user with
// `schtasks /Create /XML`: an interactive-token, least-privilege task, so no administrator rights.
// StartWhenAvailable runs a time missed while the computer was off or asleep at the next chance.
import type { JobSpec } from './jobSpec.js';
import { safeId } from './jobSpec.js';

export const taskName = (id: string): string => `\\agentic\\schedule-${safeId(id)}`;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One argument as CommandLineToArgvW reads it back. */
export function quoteWindowsArg(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  return `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
}

/** Task Scheduler takes local times with an offset: UTC ("Z") is unambiguous on every machine. */
const boundary = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function taskSchedulerXml(spec: JobSpec, userId: string): string {
  const [command = '', ...args] = spec.argv;
  const triggers = spec.times.map((t) => `    <TimeTrigger>\n      <StartBoundary>${boundary(t)}</StartBoundary>\n      <Enabled>true</Enabled>\n    </TimeTrigger>`);
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>${xml(spec.description)}</Description>
    <URI>${xml(taskName(spec.id))}</URI>
  </RegistrationInfo>
  <Triggers>
${triggers.join('\n')}
  </Triggers>
  <Principals>
    <Principal id="Author">
      <UserId>${xml(userId)}</UserId>
      <LogonType>InteractiveToken</LogonType>
      <RunLevel>LeastPrivilege</RunLevel>
    </Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <StartWhenAvailable>true</StartWhenAvailable>
    <ExecutionTimeLimit>PT24H</ExecutionTimeLimit>
    <Enabled>true</Enabled>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xml(command)}</Command>
      <Arguments>${xml(args.map(quoteWindowsArg).join(' '))}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}
