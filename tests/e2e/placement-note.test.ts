/// <reference lib="dom" />
// A model that last ran with fewer GPU layers than fitted (the GPU ran out of memory) says so in
// Settings → About this computer: its placement with the note, and a warning with what to do. The
// placement is the one the app keeps in placements.json beside the models (placementStore.ts),
// written here as a run on a GPU machine would have left it: this machine has no GPU to run out of.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);
const NOTE = 'The GPU ran out of memory while writing a reply with 41 layers; running with 20 of 41 layers.';

describe('a placement with fewer layers than fitted', () => {
  it('is listed with its note and reported as a problem with a fix', { timeout: 120_000 }, async () => {
    const e = await open([], [], undefined, (home) => {
      mkdirSync(join(home, 'models'), { recursive: true });
      const placement = { engine: 'cuda', gpuLayers: 20, totalLayers: 41, contextSize: 8192, note: NOTE, at: '2026-12-08T00:00:00.000Z' };
      writeFileSync(join(home, 'models', 'placements.json'), JSON.stringify({ [join(home, 'models', 'qwen3-14b-q4.gguf')]: placement }));
    });
    await openSettings(e.page);
    const placed = e.page.getByTestId('doctor-placement');
    await placed.waitFor({ timeout: 60_000 });
    expect(await placed.textContent()).toBe(`qwen3-14b-q4.gguf: GPU: 20/41 layers, 8,192 tokens — ${NOTE}`);
    const problems = await e.page.getByTestId('doctor-problems').textContent();
    expect(problems).toContain(NOTE);
    expect(problems).toContain('Close other programs that use the GPU');
  });
});
