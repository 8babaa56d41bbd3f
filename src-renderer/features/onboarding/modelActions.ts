// What the first-run screen and the header's model menu do: switch the provider, open a local file,
// choose the workspace. Each saves settings, then refreshes what the rest of the UI shows.
import type { DetectedServer } from '../../../src-main/common/contract.js';
import { EMBEDDED_KIND, type DetectableKind, type EmbeddedKind } from '../../../src-main/common/providers.js';
import { call, loadAppInfo, loadModels } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

async function saveProvider(patch: { kind: EmbeddedKind | DetectableKind; model: string; baseUrl?: string }): Promise<boolean> {
  const current = await call('settings.get', {});
  if (!current) return false;
  const next = await call('settings.update', { provider: { ...current.provider, baseUrl: '', ...patch } });
  if (!next) return false;
  await Promise.all([loadAppInfo(), loadModels()]);
  return true;
}

export async function applyServerModel(server: DetectedServer, model: string): Promise<void> {
  if (await saveProvider({ kind: server.provider, baseUrl: server.baseUrl, model })) useStore.getState().set({ modelPicker: 'closed' });
}

export async function applyLocalModel(id: string): Promise<void> {
  if (await saveProvider({ kind: EMBEDDED_KIND, model: id })) useStore.getState().set({ modelPicker: 'closed' });
}

export async function openGguf(path: string): Promise<void> {
  const opened = await call('models.openLocal', { path: path.trim() });
  if (opened) await applyLocalModel(opened.id);
}

export async function chooseWorkspace(path: string): Promise<void> {
  const next = await call('settings.update', { workspace: path.trim() });
  if (!next) return;
  await loadAppInfo();
  useStore.getState().updateDomain((d) => ({ ...d, workspaceVersion: d.workspaceVersion + 1 }));
}
