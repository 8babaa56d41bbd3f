// `agentic search` as a user runs it: the real CLI process, a workspace of generated documents, the
// index in the CLI's data folder, brought up to date by each search.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/processes.js';
import { makeDocx } from '../../helpers/officeDocs.js';
import { makePdf } from '../../helpers/pdf.js';

describe('agentic search', () => {
  it('indexes the workspace, prints JSON hits best first, and sees changes on the next search', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cli-search-'));
    const ws = join(home, 'ws');
    mkdirSync(join(ws, 'notes'), { recursive: true });
    writeFileSync(
      join(ws, 'lease.docx'),
      makeDocx([
        ['# Lease', 'Rent is due monthly.'],
        ['# Termination', 'Either party may terminate with 30 days notice.'],
      ]),
    );
    writeFileSync(join(ws, 'invoice.pdf'), await makePdf('Plumber invoice March 420 EUR'));
    writeFileSync(join(ws, 'notes/trip.md'), '# Lisbon\nTram 28 and the termination of our hotel booking.\n');

    const r = await runCli(['search', 'termination notice', '--workspace', ws, '--json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines.map((l) => l.path)).toEqual(['lease.docx', 'notes/trip.md']);
    expect(Object.keys(r.lines[0]!)).toEqual(['path', 'page', 'lines', 'score', 'text']);
    expect(r.lines[0]).toMatchObject({ page: 2, lines: [1, 2], text: 'Termination\nEither party may terminate with 30 days notice.' });
    expect(r.lines[1]).toMatchObject({ page: null, lines: [1, 2] });
    expect(r.lines[0]!.score as number).toBeGreaterThan(r.lines[1]!.score as number);

    writeFileSync(join(ws, 'notes/trip.md'), '# Lisbon\nTram 28.\n');
    const pdf = await runCli(['search', 'plumber', '--workspace', ws], { home });
    expect(pdf.code, pdf.stderr).toBe(0);
    expect(pdf.stdout).toContain('invoice.pdf, page 1, line 1\n  Plumber invoice March 420 EUR');
    const after = await runCli(['search', 'termination', '--workspace', ws, '--json'], { home });
    expect(after.lines.map((l) => l.path)).toEqual(['lease.docx']);
  });

  it('answers bad usage with exit status 2', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cli-search-'));
    const none = await runCli(['search'], { home });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('search needs one "QUERY"');
    const missing = await runCli(['search', 'x', '--workspace', join(home, 'nope')], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('is not a folder');
  });
});
