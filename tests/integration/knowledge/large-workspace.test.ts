// A 10,000-file workspace is indexed in the background of the real app while turns run: the turns
// finish while files are still waiting, and the index completes afterwards with every file
// searchable. (How long either takes is for the bench, not for a test.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/appHarness.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const FILES = 10_000;

describe('large workspace', () => {
  it('indexes 10,000 files in the background while turns run', { timeout: 300_000 }, async () => {
    t = await startTestApp(['Hello! How can I help?', 'Sure, here is a short answer.', 'Anything else?']);
    mkdirSync(t.workspace, { recursive: true });
    for (let d = 0; d < 100; d++) {
      mkdirSync(join(t.workspace, `folder-${d}`));
      for (let f = 0; f < FILES / 100; f++) {
        const n = d * 100 + f;
        writeFileSync(join(t.workspace, `folder-${d}`, `note-${n}.md`), `# Note ${n}\nMeeting notes number ${n} about the garden, the budget and the roof.\nmarker${n}x\n`);
      }
    }
    const handlers = t.app.handlers;
    const ctx = { clientId: 'test' };
    expect((await handlers['knowledge.status']({}, ctx)).state).not.toBe('idle'); // opening the index starts it
    const during: number[] = [];
    for (const text of ['hi', 'answer briefly', 'thanks']) {
      const out = await t.turn(t.newSession(), text, 'casual');
      expect(out.status).toBe('done');
      const progress = await handlers['knowledge.status']({}, ctx);
      during.push(progress.files < FILES || progress.pending > 0 ? 1 : 0);
    }
    // The turns did not wait for the index: it was still working when they had finished.
    expect(during.some(Boolean)).toBe(true);
    await expect.poll(async () => (await handlers['knowledge.status']({}, ctx)).state, { timeout: 240_000, interval: 500 }).toBe('idle');
    expect(await handlers['knowledge.status']({}, ctx)).toMatchObject({ files: FILES, passages: FILES, pending: 0 });
    const { hits } = await handlers['knowledge.search']({ query: `marker${FILES - 1}x`, limit: 5 }, ctx);
    expect(hits.map((h) => h.path)).toEqual([`folder-99/note-${FILES - 1}.md`]);
  });
});
