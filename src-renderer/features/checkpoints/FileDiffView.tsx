import type { FileDiff } from '../../../src-main/common/checkpoints.js';
import { formatBytes } from '../workspace/files.js';

type Side = FileDiff['before'];
const describe = (s: Side) => (s ? `${s.kind === 'link' ? 'link' : formatBytes(s.size)}${s.hash ? ` · sha256 ${s.hash.slice(0, 12)}…` : ''}` : 'absent');

/** One file's change: text as hunks; binaries, images and files over the size limit by size and hash. */
export function FileDiffView({ diff }: { diff: FileDiff }) {
  if (diff.view === 'text' || diff.view === 'link') {
    if (diff.hunks.length === 0) return <div className="diff-note muted">Same content (only the mode changed).</div>;
    return (
      <div className="diff-text" data-testid="diff-text">
        {diff.hunks.map((h, i) => (
          <div className="diff-hunk" key={i}>
            <div className="diff-hunk-head">
              @@ -{h.oldStart},{h.oldLines} +{h.newStart},{h.newLines} @@
            </div>
            {h.lines.map((l, j) => (
              <div key={j} className={`diff-line ${l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}`}>
                <span className="diff-op">{l.op}</span>
                {l.text}
              </div>
            ))}
          </div>
        ))}
      </div>
    );
  }
  const note = {
    binary: 'Binary file: compared by size and hash.',
    'not-kept': 'Over the size limit: recorded by size and time only, not kept, so this change cannot be undone.',
    'too-large': 'Too large to show as text: compared by size and hash.',
    dir: 'Folder.',
  }[diff.view];
  return (
    <div className="diff-binary" data-testid="diff-binary">
      <div>{note}</div>
      <div className="muted">before: {describe(diff.before)}</div>
      <div className="muted">after: {describe(diff.after)}</div>
    </div>
  );
}
