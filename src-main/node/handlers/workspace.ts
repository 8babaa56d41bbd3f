// workspace.*: the workspace panel's commands (list, preview, delete, untrusted marks, reveal, imports).
import type { Handlers } from '../../common/contract.js';
import type { Emit } from '../../core/ports.js';
import type { SettingsStore } from '../settings/settingsFile.js';
import { relativeMarks } from '../workspace/untrusted.js';
import { importDropped } from './importDropped.js';
import { markUntrusted } from './untrustedMarks.js';
import { importFiles, listWorkspace } from './workspaceFiles.js';
import { deleteFile, previewFile } from './workspacePreview.js';
import { revealInWorkspace, type PathRevealer } from './workspaceReveal.js';

type WorkspaceCommands = Extract<keyof Handlers, `workspace.${string}`>;

export function createWorkspaceHandlers(deps: {
  workspace: () => string;
  settings: SettingsStore;
  emit: Emit;
  /** Electron: the paths of the user's last drop from the system, taken once. */
  droppedPaths?: () => Promise<string[]>;
  /** Electron: shows a file or folder in the system's file manager. */
  revealPath?: PathRevealer;
}): Pick<Handlers, WorkspaceCommands> {
  const { workspace, settings } = deps;
  return {
    'workspace.list': async () => listWorkspace(workspace()),
    'workspace.read': async ({ path }) => previewFile(workspace(), path),
    'workspace.delete': async ({ path }) => ({ deleted: await deleteFile(workspace(), path) }),
    'workspace.untrusted': async () => ({ untrusted: await relativeMarks(workspace(), settings.get().untrustedPaths) }),
    'workspace.markUntrusted': async ({ path, untrusted }) => ({ untrusted: await markUntrusted(workspace(), settings, path, untrusted) }),
    'workspace.reveal': async ({ path }) => ({ revealed: await revealInWorkspace(workspace(), path, deps.revealPath) }),
    'workspace.import': async ({ files }) => ({ saved: await importFiles(workspace(), files) }),
    'workspace.importDropped': async () => importDropped(workspace(), deps.droppedPaths, deps.emit),
  };
}
