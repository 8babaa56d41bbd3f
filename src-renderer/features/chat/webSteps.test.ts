import { describe, expect, it } from 'vitest';
import { isWebProtocol, readWebReply } from './webSteps.js';

describe('readWebReply', () => {
  it('turns protocol lines into steps and notes, and keeps only the summary after DONE', () => {
    const r = readWebReply('I will search first.\nSEARCH: "sea otters tools"\n- **NOTE:** Otters use stones.\nOPEN: result 2\nDONE\nThey use stones.\nSecond line.');
    expect(r.steps).toEqual([
      { kind: 'search', query: 'sea otters tools' },
      { kind: 'open', target: '2' },
    ]);
    expect(r.notes).toEqual(['Otters use stones.']);
    expect(r.summary).toBe('They use stones.\nSecond line.');
  });

  it('reads DONE with the answer on the same line, and back and form actions', () => {
    const r = readWebReply('back\nFORM: f1\n[q](otters)\nSUBMIT: Go\ndone: All found.');
    expect(r.steps).toEqual([{ kind: 'back' }, { kind: 'form', form: 'f1' }]);
    expect(r.summary).toBe('All found.');
  });

  it('tells plain prose apart from the protocol', () => {
    expect(isWebProtocol(readWebReply('Just an answer with no actions.'))).toBe(false);
    expect(isWebProtocol(readWebReply('OPEN: https://example.org/a'))).toBe(true);
  });
});
