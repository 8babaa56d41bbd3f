// "Show in folder": the desktop app lends the system file manager (Electron's shell.showItemInFolder);
// the web host and the CLI have none and answer revealed: false (app.info's capabilities.reveal tells
// the UI not to offer it). The path comes from the page: resolved with the agents' workspace guard
// (no `..`, no link leading out), and it must exist.
import { lstat } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';
import { resolveInWorkspace } from '../workspace/guard.js';

/** Shows an absolute path, selected, in the system's file manager. */
export type PathRevealer = (absolutePath: string) => Promise<void> | void;

export async function revealInWorkspace(workspace: string, path: string, reveal: PathRevealer | undefined): Promise<boolean> {
  const target = await resolveInWorkspace(workspace, path);
  const exists = await lstat(target).then(
    () => true,
    () => false,
  );
  if (!exists) throw new AppError('NOT_FOUND', `${path} is not in the workspace (any more).`);
  if (!reveal) return false;
  await reveal(target);
  return true;
}
