import { isMarked, setUntrusted } from './untrustedMarks.js';

/** A folder row's switch: marks the folder untrusted (everything in it) or trusts it again. */
export function FolderTrustButton({ path, marks }: { path: string; marks: readonly string[] }) {
  const own = marks.includes(path);
  // Covered by a marked folder above it: that folder's switch takes the mark off.
  if (isMarked(path, marks) && !own) return null;
  return (
    <button
      className="icon-btn folder-trust"
      data-testid="folder-untrusted-toggle"
      aria-pressed={own}
      title={own ? `Trust ${path}/ again` : `Mark ${path}/ untrusted: after text from its files is read, blocks ask first`}
      onClick={() => void setUntrusted(path, !own)}
    >
      {own ? '✓' : '⚠'}
    </button>
  );
}
