// The files the user marked untrusted (issue 16): the workspace panel shows a badge on them, and the
// preview has the switch. Reading one makes later blocks ask first (the marks live in the settings).
import { useEffect, useState } from 'react';
import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

/** True when `path` or a folder holding it is marked ('.' marks the whole workspace). */
export const isMarked = (path: string, marks: readonly string[]): boolean => marks.some((m) => m === '.' || m === path || path.startsWith(`${m}/`));

/** The workspace's marks, fetched again whenever the workspace changes. */
export function useUntrustedMarks(): readonly string[] {
  const version = useStore((s) => s.domain.workspaceVersion);
  const [marks, setMarks] = useState<readonly string[]>([]);
  useEffect(() => {
    void call('workspace.untrusted', {}).then((r) => r && setMarks(r.untrusted));
  }, [version]);
  return marks;
}

/** Marks or unmarks one path, then refreshes the panel. */
export async function setUntrusted(path: string, untrusted: boolean): Promise<void> {
  const done = await call('workspace.markUntrusted', { path, untrusted });
  if (done) useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
}
