// file_finder's ranged reads (lines=, pages=, chars=) and in-file search (action=grep) on real
// text and PDF files: how the agents read a file larger than one read, piece by piece.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeOf } from '../../../src-main/node/tools/fileRanges.js';
import { createFileFinderTool } from '../../../src-main/node/tools/fileFinder.js';
import { block, context, tempWorkspace } from './setup.js';

let ws: { dir: string; dispose: () => Promise<void> };

/** A PDF of several pages, one line of text each, written by mupdf. */
async function pagedPdf(lines: readonly string[]): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const resources = doc.addObject({ Font: { F1: font } });
  for (const line of lines) doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 14 Tf 72 760 Td (${line}) Tj ET`));
  return doc.saveToBuffer('').asUint8Array().slice();
}

beforeAll(async () => {
  ws = await tempWorkspace('ranges-ws-');
  const log = Array.from({ length: 5000 }, (_, i) => `${String(i + 1).padStart(4, '0')} ${i % 97 === 0 ? 'ERROR disk full on /var' : 'ok request served'}`);
  await writeFile(path.join(ws.dir, 'server.log'), log.join('\n'));
  await writeFile(path.join(ws.dir, 'book.pdf'), await pagedPdf(['Chapter one: the harbour', 'Chapter two: the storm', 'Chapter three: the return']));
});
afterAll(async () => ws.dispose());

const find = (params: Record<string, string>, maxChars?: number) => createFileFinderTool(maxChars ? { maxChars } : {}).run(block('file_finder', '', null, params), context(ws.dir));

describe('file_finder ranges and search', () => {
  it('reads exactly the lines asked for and names the range', async () => {
    const result = await find({ name: 'server.log', action: 'read', lines: '2000-2002' });
    expect(result.status).toBe('ok');
    expect(result.output).toBe('server.log, lines 2000–2002 of 5000:\n2000 ok request served\n2001 ok request served\n2002 ok request served');
  });

  it('reads to the end with an open range and says when the file is shorter', async () => {
    const tail = await find({ name: 'server.log', action: 'read', lines: '4999-' });
    expect(tail.output).toBe('server.log, lines 4999–5000 of 5000:\n4999 ok request served\n5000 ok request served');
    const past = await find({ name: 'server.log', action: 'read', lines: '6000-6010' });
    expect(past.output).toBe('server.log has only 5000 lines.');
  });

  it('reads characters by offset', async () => {
    const result = await find({ name: 'server.log', action: 'read', chars: '0-10' });
    expect(result.output).toMatch(/^server\.log, characters 0–10 of \d+:\n0001 ERROR$/);
  });

  it('reads PDF pages by number', async () => {
    const result = await find({ name: 'book.pdf', action: 'read', pages: '2-3' });
    expect(result.status).toBe('ok');
    expect(result.output).toContain('book.pdf, pages 2–3 of 3:');
    expect(result.output).toContain('--- page 2 ---\nChapter two: the storm');
    expect(result.output).toContain('Chapter three: the return');
    expect(result.output).not.toContain('harbour');
  });

  it('refuses pages= on a text file and malformed ranges with a clear message', async () => {
    expect((await find({ name: 'server.log', action: 'read', pages: '1' })).feedback).toMatch(/not a PDF: use lines= or chars=/);
    expect((await find({ name: 'server.log', action: 'read', lines: 'ten-twenty' })).feedback).toMatch(/is not a range/);
    expect((await find({ name: 'server.log', action: 'read', lines: '30-20' })).feedback).toMatch(/end comes before the start/);
    expect((await find({ name: 'server.log', action: 'read', lines: '0-3' })).feedback).toMatch(/numbered from 1/);
    expect((await find({ name: 'server.log', action: 'read', lines: '1-2', chars: '0-5' })).feedback).toMatch(/not lines and chars/);
  });

  it('cuts a range larger than one read and says so', async () => {
    const result = await find({ name: 'server.log', action: 'read', lines: '1-5000' }, 1000);
    expect(result.output.length).toBeLessThan(1100);
    expect(result.output).toContain('ask for a smaller range');
  });

  it('grep finds the lines that hold a phrase, with their numbers', async () => {
    const result = await find({ name: 'server.log', action: 'grep', text: 'disk FULL' });
    expect(result.status).toBe('ok');
    expect(result.output.split('\n')[0]).toBe('52 line(s) of server.log hold "disk FULL":');
    expect(result.output).toContain('line 98: 0098 ERROR disk full on /var');
    const none = await find({ name: 'server.log', action: 'grep', text: 'kernel panic' });
    expect(none.output).toBe('"kernel panic" does not occur in server.log.');
    expect((await find({ name: 'server.log', action: 'grep' })).feedback).toMatch(/needs a `text=` line/);
  });

  it('grep names the PDF page of each match', async () => {
    const result = await find({ name: 'book.pdf', action: 'grep', text: 'storm' });
    expect(result.output).toContain('page 2 line 1: Chapter two: the storm');
  });

  it('parses the range forms a model writes', () => {
    expect(rangeOf({ lines: '10-40' })).toEqual({ kind: 'lines', from: 10, to: 40 });
    expect(rangeOf({ lines: '10–40' })).toEqual({ kind: 'lines', from: 10, to: 40 });
    expect(rangeOf({ pages: '3' })).toEqual({ kind: 'pages', from: 3, to: 3 });
    expect(rangeOf({ chars: '500' })).toEqual({ kind: 'chars', from: 500, to: null });
    expect(rangeOf({ name: 'x' })).toBeNull();
  });
});
