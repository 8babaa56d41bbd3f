// One changed path as the diff view shows it: text as line hunks; images, binaries and files over
// the size limit by size and hash; links by their targets.
import type { ChangeView, FileDiff } from '../../common/checkpoints.js';
import { diffLines, splitLines, toHunks } from '../../core/checkpoints/lineDiff.js';
import type { ObjectStore } from './objects.js';

const MAX_TEXT_BYTES = 2 * 1024 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

function asText(data: Buffer): string | null {
  if (data.subarray(0, 8000).includes(0)) return null;
  try {
    return decoder.decode(data);
  } catch {
    return null;
  }
}

export function buildFileDiff(view: ChangeView, objects: ObjectStore): FileDiff {
  const base = { path: view.path, before: view.before, after: view.after, hunks: [], added: 0, removed: 0 };
  if (view.entry === 'dir') return { ...base, view: 'dir' };
  const sides = [view.before, view.after];
  if (sides.some((s) => s?.kind === 'link')) {
    const lines = (s: typeof view.before) => (s?.kind === 'link' ? [`→ ${s.target ?? ''}`] : s ? [`(${s.kind})`] : []);
    const script = diffLines(lines(view.before), lines(view.after));
    return { ...base, view: 'link', hunks: toHunks(script), added: script.filter((l) => l.op === '+').length, removed: script.filter((l) => l.op === '-').length };
  }
  if (sides.some((s) => s?.kind === 'file' && s.hash === null)) return { ...base, view: 'not-kept' };
  if (sides.some((s) => s && s.size > MAX_TEXT_BYTES)) return { ...base, view: 'too-large' };
  const texts = sides.map((s) => (s?.hash ? asText(objects.read(s.hash)) : ''));
  if (texts.some((t) => t === null)) return { ...base, view: 'binary' };
  const script = diffLines(splitLines(texts[0]!), splitLines(texts[1]!));
  return {
    ...base,
    view: 'text',
    hunks: toHunks(script),
    added: script.filter((l) => l.op === '+').length,
    removed: script.filter((l) => l.op === '-').length,
  };
}
