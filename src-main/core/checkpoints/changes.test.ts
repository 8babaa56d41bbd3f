import { describe, expect, it } from 'vitest';
import type { FsEntry } from '../../common/checkpoints.js';
import { countChanged, diffManifests, toChangeViews, type Manifest } from './changes.js';
import { planRestore, undoChain, type TurnChanges } from './restorePlan.js';

const h = (c: string) => c.repeat(64);
const file = (hash: string | null, mode = 0o644, size = 3): FsEntry => ({ kind: 'file', mode, size, mtimeMs: 1, ctimeMs: 1, ino: 1, hash });
const dir = (mode = 0o755): FsEntry => ({ kind: 'dir', mode, size: 0, mtimeMs: 0, ctimeMs: 0, ino: 2, hash: null });

describe('changes', () => {
  it('pairs a delete and a create of the same content as one rename; mode-only changes are "mode"; folders count only when empty', () => {
    const before: Manifest = new Map([
      ['a.txt', file(h('a'))],
      ['run.sh', file(h('b'))],
      ['gone', dir()],
    ]);
    const after: Manifest = new Map([
      ['b/a.txt', file(h('a'))],
      ['b', dir()],
      ['run.sh', file(h('b'), 0o755)],
    ]);
    const views = toChangeViews(diffManifests(before, after));
    expect(views.map((v) => [v.path, v.kind, v.from])).toEqual([
      ['b', 'created', undefined],
      ['b/a.txt', 'renamed', 'a.txt'],
      ['gone', 'deleted', undefined],
      ['run.sh', 'mode', undefined],
    ]);
    expect(countChanged(views)).toBe(3);
  });

  it('a changed file over the size limit is not restorable; one under it is', () => {
    const views = toChangeViews(
      diffManifests(
        new Map([['big', file(null, 0o644, 10)]]),
        new Map([
          ['big', file(null, 0o644, 11)],
          ['s', file(h('c'))],
        ]),
      ),
    );
    expect(views.map((v) => [v.path, v.restorable])).toEqual([
      ['big', false],
      ['s', true],
    ]);
  });

  it('plans a cascade undo over a virtual state and blames the later turn on a plain undo', () => {
    const t1: TurnChanges = { turnId: 't1', seq: 1, state: 'applied', changes: [{ path: 'f', before: null, after: file(h('1')) }] };
    const t2: TurnChanges = { turnId: 't2', seq: 2, state: 'applied', changes: [{ path: 'f', before: file(h('1')), after: file(h('2')) }] };
    const all = [t1, t2];
    const now = new Map([['f', file(h('2'))]]);
    expect(planRestore(undoChain(all, 't1', false), 'undo', now, all).conflicts).toEqual([{ path: 'f', byTurn: 't2' }]);
    const plan = planRestore(undoChain(all, 't1', true), 'undo', now, all);
    expect(plan.conflicts).toEqual([]);
    expect([...plan.targets]).toEqual([['f', null]]);
  });
});
