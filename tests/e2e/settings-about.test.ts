/// <reference lib="dom" />
// Settings → About this computer: the doctor's report of this machine (the CPU build in use, no GPU
// here), and the llama.cpp build pin, kept in the settings file across a reload.
import { describe, expect, it } from 'vitest';
import { closedAfterEach, openApp, openSettings, screenshot } from '../helpers/e2e.js';

const open = closedAfterEach(openApp);

describe('about this computer', () => {
  it('shows what runs where and keeps a pinned build', { timeout: 120_000 }, async () => {
    const e = await open([]);
    await openSettings(e.page);
    const report = e.page.getByTestId('doctor-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).toContain('GPU: none found');
    expect(await e.page.getByTestId('doctor-engine').textContent()).toMatch(/llama\.cpp: installed cpu/);
    // No voice model loaded in this run: whisper's engine is not known yet, and the line says so.
    expect(await e.page.getByTestId('doctor-whisper').textContent()).toBe('Speech-to-text: not loaded yet');
    const pin = e.page.getByTestId('engine-pin');
    expect(await pin.inputValue()).toBe('auto');
    await pin.selectOption('cpu');
    await screenshot(e.page, 'settings-about');
    await e.page.reload();
    await openSettings(e.page);
    await expect.poll(() => e.page.getByTestId('engine-pin').inputValue(), { timeout: 30_000 }).toBe('cpu');
  });
});
