// workspace.markUntrusted: the user marks a file or folder of the workspace as untrusted (or not).
// Marks are kept in the settings as absolute real paths, out of every block's reach (a block can
// write the workspace, so a mark kept there could be removed by the text it guards against).
import { stat } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { resolveInWorkspace } from '../workspace/guard.js';
import { relativeMarks } from '../workspace/untrusted.js';
import { identitiesUnder, updateIdentities } from '../workspace/untrustedFiles.js';

/** Adds or removes the mark of `path` (workspace-relative); returns the workspace's marks. */
export async function markUntrusted(workspace: string, settings: SettingsStore, path: string, untrusted: boolean): Promise<string[]> {
  const full = await resolveInWorkspace(workspace, path);
  if (untrusted && !(await stat(full).catch(() => null))) throw new AppError('NOT_FOUND', `There is no ${path} in the workspace to mark as untrusted.`);
  const others = settings.get().untrustedPaths.filter((mark) => mark !== full);
  // The files' identities too, so the mark follows them through renames, links and copies (untrustedFiles.ts).
  const ids = await identitiesUnder(full);
  const untrustedFiles = updateIdentities(settings.get().untrustedFiles, untrusted ? ids : [], untrusted ? [] : ids);
  settings.update({ untrustedPaths: untrusted ? [...others, full] : others, untrustedFiles });
  return relativeMarks(workspace, settings.get().untrustedPaths);
}
