import { describe, expect, it } from 'vitest';
import { countChunked, describeStored, lineRange, outline, pageIndex, pageMark, placeOf, splitIntoPieces } from './pieces.js';
import { isWholeTextTask, splitInstruction } from './request.js';

const count = async (t: string) => Math.ceil(t.length / 4);

describe('splitIntoPieces', () => {
  it('cuts by lines into pieces that each fit and together rebuild the text', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `Line ${i + 1}: the committee met and agreed on item ${i}.`).join('\n');
    const pieces = await splitIntoPieces(text, 500, count);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(await count(p.text)).toBeLessThanOrEqual(500);
    expect(pieces.map((p) => p.text).join('\n')).toBe(text);
    expect(pieces[0]!.startLine).toBe(1);
    expect(pieces.at(-1)!.endLine).toBe(3000);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.startLine).toBe(pieces[i - 1]!.endLine + 1);
  });

  it('splits one line longer than a piece inside itself, each part citing that line', async () => {
    const text = `title\n${'word '.repeat(5000)}\nend`;
    const pieces = await splitIntoPieces(text, 300, count);
    const inner = pieces.filter((p) => p.startLine === 2);
    expect(inner.length).toBeGreaterThan(3);
    expect(inner.every((p) => p.endLine === 2)).toBe(true);
    expect(lineRange(inner[0]!)).toBe('line 2');
    for (const p of pieces) expect(await count(p.text)).toBeLessThanOrEqual(300);
  });

  it('shrinks the pieces when the tokenizer finds a part denser than the sample', async () => {
    // Dense text (one token a character) after a long airy start.
    const text = `${'a b c d e f g h\n'.repeat(3000)}${'漢字漢字漢字漢字\n'.repeat(500)}`;
    const dense = async (t: string) => t.replace(/[a-h ]/g, '').length / 2 + (t.match(/[漢字]/g)?.length ?? 0);
    const pieces = await splitIntoPieces(text, 400, dense);
    for (const p of pieces) expect(await dense(p.text)).toBeLessThanOrEqual(400);
  });
});

describe('handles and instructions', () => {
  it('describes a stored text by its size, outline and first lines', () => {
    const text = '# Annual report\nRevenue grew.\n## Costs\nCosts fell.\n';
    const handle = describeStored('The text the user pasted', { path: '.agentic/inputs/a.txt', text, tokens: 14 });
    expect(handle).toContain('.agentic/inputs/a.txt: 51 characters, 5 lines, about 14 tokens');
    expect(handle).toContain('line 3: Costs');
    expect(handle).toContain('First lines:\n# Annual report\nRevenue grew.');
    expect(handle).toContain('action=read, lines=1-200');
    expect(outline('1. Introduction\nbody\nChapter 2 The storm')).toEqual(['line 1: 1. Introduction', 'line 3: Chapter 2 The storm']);
  });

  it('finds the instruction before or after a paste', () => {
    expect(splitInstruction('Summarise this:\n\nPara one.\n\nPara two.')).toEqual({ instruction: 'Summarise this:', body: 'Para one.\n\nPara two.' });
    const long = 'x'.repeat(800);
    expect(splitInstruction(`${long}\n\nTranslate the above into German.`)).toEqual({ instruction: 'Translate the above into German.', body: long });
    expect(splitInstruction(long)).toEqual({ instruction: 'Summarise this text.', body: long });
  });

  it('knows whole-text tasks in several languages', () => {
    for (const t of ['Summarize this', 'tl;dr', 'Résume ce texte', 'Fasse das zusammen', 'Traduce esto', '总结一下', 'これを要約して', 'Переведи текст', 'extract all dates']) {
      expect(isWholeTextTask(t), t).toBe(true);
    }
    expect(isWholeTextTask('find the bug in this log')).toBe(false);
  });
});

describe('countChunked', () => {
  it('counts a long text in chunks cut at line ends, each call small, and stops past a limit', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `row ${i} of the export`).join('\n');
    const sizes: number[] = [];
    const lines = async (t: string) => {
      sizes.push(t.length);
      return t.split('\n').filter(Boolean).length;
    };
    expect(await countChunked(text, lines)).toBe(20_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(32_768);
    sizes.length = 0;
    const early = await countChunked(text, lines, 3000);
    expect(early).toBeGreaterThan(3000);
    expect(early).toBeLessThan(20_000);
    expect(sizes.length).toBeLessThan(5);
  });
});

describe('parts of text extracted from a PDF', () => {
  const text = [pageMark(1), 'Intro line', 'More intro', pageMark(2), 'Terms', pageMark(3), 'Annex a', 'Annex b'].join('\n');
  const pageAt = pageIndex(text)!;

  it('knows the page of every line from the page marks', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(pageAt)).toEqual([1, 1, 1, 2, 2, 3, 3, 3]);
    expect(pageIndex('no marks here\n[page one]')).toBeNull();
  });

  it('cites a part by its pages and lines, and plain text by lines only', () => {
    expect(placeOf({ startLine: 2, endLine: 5 }, pageAt)).toBe('pages 1–2, lines 2–5');
    expect(placeOf({ startLine: 7, endLine: 8 }, pageAt)).toBe('page 3, lines 7–8');
    expect(placeOf({ startLine: 7, endLine: 8 }, null)).toBe('lines 7–8');
  });
});
