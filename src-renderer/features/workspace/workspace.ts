import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';
import { batchForImport, readAsBase64 } from './files.js';

export interface WorkspaceEntry {
  path: string;
  size: number;
  dir: boolean;
}

/** Copies dropped files into the workspace, in batches; returns the paths saved. */
export async function importFiles(files: readonly File[]): Promise<string[]> {
  const saved: string[] = [];
  for (const batch of batchForImport(files)) {
    try {
      const encoded = await Promise.all(batch.map(async (f) => ({ name: f.name, dataBase64: await readAsBase64(f) })));
      const result = await call('workspace.import', { files: encoded });
      if (result) saved.push(...result.saved);
    } catch (error) {
      useStore.getState().notify(`Could not read a dropped file: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
  return saved;
}

/**
 * Electron: copies what was just dropped from the system (files and folders) through main. Files
 * with no path on disk (an image dragged out of a web page) are uploaded like over the web host.
 */
export async function importDropped(files: readonly File[]): Promise<string[]> {
  const result = await call('workspace.importDropped', {});
  if (result && result.saved.length === 0 && result.skipped.length === 0) return importFiles(files);
  if (result && result.skipped.length > 0) {
    const first = result.skipped[0]!;
    useStore
      .getState()
      .notify(`Not copied: ${result.skipped.length === 1 ? `${first.path} (${first.reason})` : `${result.skipped.length} items, e.g. ${first.path} (${first.reason})`}.`);
  }
  useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
  return result?.saved ?? [];
}
