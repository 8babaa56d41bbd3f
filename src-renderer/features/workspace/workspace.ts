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
