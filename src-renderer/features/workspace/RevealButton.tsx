import { call } from '../../state/actions.js';
import { useStore } from '../../state/store.js';

/** Where the host has a file manager (the desktop app), shows a workspace file or folder in it; elsewhere renders nothing. */
export function RevealButton({ path, label, testId = 'file-reveal' }: { path: string; label?: string; testId?: string }) {
  const available = useStore((s) => s.info?.capabilities?.reveal === true);
  if (!available) return null;
  const reveal = async (): Promise<void> => {
    const done = await call('workspace.reveal', { path });
    if (done && !done.revealed) useStore.getState().notify('This app has no file manager to show it in.');
  };
  return (
    <button className={label ? 'btn' : 'icon-btn file-reveal'} data-testid={testId} title={`Show ${path} in the file manager`} onClick={() => void reveal()}>
      {label ?? '↗'}
    </button>
  );
}
