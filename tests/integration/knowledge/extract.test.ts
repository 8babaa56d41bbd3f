// Text extraction for the knowledge index from real files the test writes: a 3-page PDF (mupdf),
// a DOCX and an ODT with page breaks as Word and LibreOffice record them, HTML and Markdown. The
// point is that every passage knows its page and lines, since answers cite them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPassages } from '../../../src-main/node/knowledge/chunk.js';
import { documentKind, extractLines } from '../../../src-main/node/knowledge/extract.js';
import { openZip } from '../../../src-main/node/knowledge/zip.js';
import { makeDocx, makeOdt, makeZip } from '../../helpers/officeDocs.js';

const dir = mkdtempSync(join(tmpdir(), 'knowledge-extract-'));

async function pdfPages(pages: string[][]): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const resources = doc.addObject({ Font: { F1: font } });
  for (const lines of pages) {
    const ops = lines.map((line, i) => `BT /F1 12 Tf 72 ${760 - i * 20} Td (${line}) Tj ET`).join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, ops));
  }
  return doc.saveToBuffer('').asUint8Array().slice();
}

async function extracted(name: string, bytes: Uint8Array | string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const kind = await documentKind(file, Buffer.byteLength(bytes));
  if (!kind) throw new Error(`${name} was not recognised`);
  return { kind, lines: await extractLines(file, kind) };
}

describe('knowledge extraction keeps pages and lines', () => {
  it('reads each PDF page with its number', async () => {
    const { kind, lines } = await extracted(
      'report.pdf',
      await pdfPages([['Quarterly summary'], ['Plumber invoice March', 'Total due 420 EUR'], ['Termination clause: thirty days notice']]),
    );
    expect(kind).toBe('pdf');
    const at = (text: string) => lines.find((l) => l.text.includes(text));
    expect(at('Quarterly')?.page).toBe(1);
    expect(at('Plumber invoice')).toMatchObject({ page: 2, line: 1 });
    expect(at('Total due')).toMatchObject({ page: 2, line: 2 });
    expect(at('Termination')?.page).toBe(3);
    const passages = toPassages(lines);
    expect(passages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(passages[1]).toMatchObject({ lineStart: 1, lineEnd: 2 });
  });

  it('reads DOCX pages from its page breaks, headings from their style, and does not count a break twice', async () => {
    const { lines } = await extracted(
      'contract.docx',
      makeDocx([['# Lease agreement', 'Between the landlord & the tenant.'], ['# Termination', 'Either party may end the lease with 30 days notice.'], ['Signed in Lisbon']]),
    );
    expect(lines.find((l) => l.text.includes('landlord & the tenant'))?.page).toBe(1);
    expect(lines.find((l) => l.text === 'Termination')).toMatchObject({ page: 2, line: 1, heading: true });
    expect(lines.find((l) => l.text.includes('30 days'))).toMatchObject({ page: 2, line: 2 });
    expect(lines.find((l) => l.text.includes('Lisbon'))?.page).toBe(3);
    const passage = toPassages(lines).find((p) => p.text.includes('30 days'));
    expect(passage).toMatchObject({ page: 2, heading: 'Termination' });
  });

  it('reads ODT pages from soft page breaks and page-breaking styles', async () => {
    const { lines } = await extracted('notes.odt', makeOdt([['# Trip notes', 'Flights booked.'], ['Lisbon  trip: hotel near Alfama.'], ['Budget: 900 EUR']]));
    expect(lines.find((l) => l.text === 'Trip notes')).toMatchObject({ page: 1, heading: true });
    expect(lines.find((l) => l.text.includes('Alfama'))).toMatchObject({ page: 2, line: 1, text: 'Lisbon  trip: hotel near Alfama.' });
    expect(lines.find((l) => l.text.includes('Budget'))?.page).toBe(3);
  });

  it('keeps HTML source line numbers and drops scripts', async () => {
    const html =
      '<html><head><style>\nbody{}\n</style></head>\n<body>\n<h1>Recipes</h1>\n<script>\nvar secret = 1;\n</script>\n<p>Bake at 180 &deg;C &amp; wait</p>\n</body></html>';
    const { kind, lines } = await extracted('page.html', html);
    expect(kind).toBe('html');
    expect(lines.find((l) => l.text === 'Recipes')).toMatchObject({ line: 5, heading: true });
    expect(lines.find((l) => l.text.includes('Bake'))).toMatchObject({ line: 9, text: 'Bake at 180 &deg;C & wait' });
    expect(lines.some((l) => l.text.includes('secret'))).toBe(false);
  });

  it('splits Markdown at headings and keeps line ranges', async () => {
    const md = ['# Home', 'Intro line', '', '## Garden', 'Tomatoes in May', 'Water daily'].join('\n');
    const { lines } = await extracted('notes.md', md);
    const passages = toPassages(lines);
    expect(passages).toEqual([
      { page: null, lineStart: 1, lineEnd: 2, heading: 'Home', text: '# Home\nIntro line' },
      { page: null, lineStart: 4, lineEnd: 6, heading: 'Garden', text: '## Garden\nTomatoes in May\nWater daily' },
    ]);
  });

  it('skips binary files and refuses a damaged document with a clear error', async () => {
    writeFileSync(join(dir, 'blob.dat'), Buffer.from([0, 1, 2, 3, 0, 0, 7]));
    expect(await documentKind(join(dir, 'blob.dat'), 7)).toBeNull();
    expect(await documentKind(join(dir, 'photo.png'), 10)).toBeNull();
    writeFileSync(join(dir, 'broken.docx'), 'not a zip at all');
    await expect(extractLines(join(dir, 'broken.docx'), 'docx')).rejects.toThrow(/not a ZIP file/);
    writeFileSync(join(dir, 'other.docx'), makeZip({ 'readme.txt': 'hi' }));
    await expect(extractLines(join(dir, 'other.docx'), 'docx')).rejects.toThrow(/no word\/document.xml/);
  });

  it('reads stored and deflated ZIP entries', () => {
    const zip = openZip(makeZip({ a: 'stored text', b: 'deflated '.repeat(100) }, { store: ['a'] }));
    expect(zip.names).toEqual(['a', 'b']);
    expect(zip.read('a')?.toString()).toBe('stored text');
    expect(zip.read('b')?.toString()).toBe('deflated '.repeat(100));
    expect(zip.read('missing')).toBeNull();
  });
});
