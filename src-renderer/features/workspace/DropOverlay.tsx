import { useEffect, useState } from 'react';
import { importFiles } from './workspace.js';

const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Files dragged anywhere onto the window are copied into the workspace. */
export function DropOverlay() {
  const [depth, setDepth] = useState(0);

  useEffect(() => {
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
      if (files.length > 0) void importFiles(files);
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

  if (depth === 0) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay">
      <div>Drop to copy into the workspace</div>
    </div>
  );
}
