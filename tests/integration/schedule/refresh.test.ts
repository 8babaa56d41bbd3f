// The desktop app, started from a new place (moved, reinstalled, a new Node), rewrites the OS jobs
// of registered schedules so they start this copy; unregistered ones (--no-register) stay so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/node/logger.js';
import type { JobSpec } from '../../../src-main/node/schedule/os/jobSpec.js';
import type { OsScheduler } from '../../../src-main/node/schedule/os/register.js';
import { ScheduleStore } from '../../../src-main/node/schedule/scheduleStore.js';
import { ScheduleService } from '../../../src-main/node/schedule/service.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-refresh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('rewrites the jobs of registered, running schedules with the current program, and no others', async () => {
  const store = ScheduleStore.open(join(dir, 'sessions.db'));
  const written: JobSpec[] = [];
  // Records what the OS would be told: no systemd user session, launchd or Task Scheduler here.
  const os: OsScheduler = {
    kind: 'systemd',
    register: (spec) => (written.push(spec), Promise.resolve(`/units/${spec.id}.timer`)),
    unregister: () => Promise.resolve(),
    unregisterAll: () => Promise.resolve([]),
  };
  const service = (program: string) =>
    new ScheduleService({ store, os: () => Promise.resolve(os), cli: { argv: [program, '/app/bin/agentic.js'], env: {} }, logger: createLogger({ level: 'error' }) });
  const input = { rule: { kind: 'daily', time: '08:00' }, timeZone: 'UTC' } as const;
  const registered = (await service('/old/node').add({ ...input, request: 'news summary' })).schedule;
  const paused = (await service('/old/node').add({ ...input, request: 'weekly cleanup' })).schedule;
  await service('/old/node').add({ ...input, request: 'not registered' }, false);
  store.setPaused(paused.id, true);
  written.length = 0;

  await service('/new/node').refreshRegistered();
  expect(written.map((s) => [s.id, s.argv[0], s.requires])).toEqual([[registered.id, '/new/node', ['/new/node', '/app/bin/agentic.js']]]);
  expect(store.get(registered.id)!.osJob).toBe(`systemd: /units/${registered.id}.timer`);
  store.close();
});
