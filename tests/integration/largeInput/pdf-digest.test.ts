// A PDF larger than the context, named in a request to summarise it, is read part by part like a
// long text, and each part is cited by its pages as well as its lines. Real engine, store and
// mupdf; only the model is scripted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';
import { makePagedPdf } from '../../helpers/pdf.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A 12-page contract, 60 lines a page. */
function contractPages(): string[][] {
  return Array.from({ length: 12 }, (_, p) =>
    Array.from({ length: 60 }, (_, l) => `Clause ${p + 1}.${l + 1}: the tenant gives ${(p * 60 + l) % 90} days of notice before the term ends, in writing.`),
  );
}

describe('a PDF larger than the context', () => {
  it('is summarised in parts that cite their pages', async () => {
    const note = '- Notice periods are given in days, in writing [part 1, page 1, lines 2–40].';
    t = await startTestApp(
      Array.from({ length: 80 }, () => note),
      { contextSize: 2048 },
    );
    mkdirSync(t.workspace, { recursive: true });
    writeFileSync(join(t.workspace, 'contract.pdf'), await makePagedPdf(contractPages()));
    const out = await t.turn(t.newSession(), 'Summarise contract.pdf: what notice does the tenant give?', 'file');

    expect(out.status).toBe('done');
    const footer = /Read in (\d+) parts from contract\.pdf \((.*)\)\.$/.exec(out.answer);
    expect(footer, out.answer.slice(-400)).not.toBeNull();
    const parts = Number(footer![1]);
    // Each part one call, then one to combine them: the whole document was read, in pieces.
    expect(parts).toBeGreaterThan(2);
    expect(out.llmCalls).toBe(parts + 1);
    // Parts are cited by pages and lines, starting on page 1 and ending on page 12.
    expect(footer![2]).toMatch(/^1: pages? 1(–\d+)?, lines 1–\d+;/);
    expect(footer![2]).toMatch(/\d+: pages? (\d+–)?12, lines \d+–\d+$/);
    const progress = t.of('work.progress');
    expect(progress.filter((e) => e.stage === 'part')).toHaveLength(parts);
  });
});
