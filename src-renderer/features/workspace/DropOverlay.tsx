import { useEffect, useState } from 'react';
import { bridge } from '../../bridge/index.js';
import { useStore } from '../../state/store.js';
import { formatBytes } from './files.js';
import { importDropped, importFiles } from './workspace.js';

const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dragged anywhere onto the window are copied into the workspace. In Electron, files and
 * folders: the preload hands their real paths to main and main copies them (the page never sees a
 * path); over the web host, files are read here and uploaded.
 */
export function DropOverlay() {
  const [depth, setDepth] = useState(0);
  const progress = useStore((s) => s.domain.importProgress);

  useEffect(() => {
    const native = bridge().kind === 'ipc';
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDepth((d) => d + 1);
    };
    const leave = (e: DragEvent) => {
      if (hasFiles(e)) setDepth((d) => Math.max(0, d - 1));
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDepth(0);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      void (native ? importDropped(files) : importFiles(files));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  if (progress) {
    return (
      <div className="import-progress" data-testid="import-progress" role="status">
        Copying into the workspace: {progress.copiedFiles} of {progress.totalFiles} files, {formatBytes(progress.copiedBytes)} of {formatBytes(progress.totalBytes)}
      </div>
    );
  }
  if (depth === 0) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay" data-native-overlay="">
      <div>Drop to copy into the workspace</div>
    </div>
  );
}
