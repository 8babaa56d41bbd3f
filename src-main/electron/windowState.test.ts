import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitWindowState, loadWindowState, parseWindowState, saveWindowState } from './windowState.js';

const sizes = { width: 1280, height: 840, minWidth: 800, minHeight: 560 };
const laptop = { x: 0, y: 25, width: 1440, height: 875 };
const rightMonitor = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('window state file', () => {
  it('rejects what is not a sane state', () => {
    for (const raw of [
      null,
      'x',
      42,
      [],
      {},
      { width: 'big', height: 600 },
      { width: -5, height: 600 },
      { width: 1e9, height: 600 },
      { width: NaN, height: 600 },
      { width: 900 },
    ]) {
      expect(parseWindowState(raw)).toBeNull();
    }
  });

  it('keeps a good state and drops a position that is not numbers', () => {
    expect(parseWindowState({ x: 10.4, y: 20, width: 1000.6, height: 700, maximized: true })).toEqual({ x: 10, y: 20, width: 1001, height: 700, maximized: true });
    expect(parseWindowState({ x: 'left', y: 20, width: 1000, height: 700, maximized: 'yes' })).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('round-trips through the file and survives garbage in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentic-winstate-'));
    try {
      const file = join(dir, 'window-state.json');
      expect(loadWindowState(file)).toBeNull();
      saveWindowState(file, { x: 100, y: 120, width: 1100, height: 700, maximized: false });
      expect(loadWindowState(file)).toEqual({ x: 100, y: 120, width: 1100, height: 700, maximized: false });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ width: 1100 });
      writeFileSync(file, '{"width": 1100, "hei');
      expect(loadWindowState(file)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fitting the saved state to the displays of now', () => {
  it('opens at the default size when nothing was saved', () => {
    expect(fitWindowState(null, [laptop], sizes)).toEqual({ width: 1280, height: 840, maximized: false });
  });

  it('keeps a position that is on a display', () => {
    expect(fitWindowState({ x: 2000, y: 100, width: 1600, height: 1000, maximized: false }, [laptop, rightMonitor], sizes)).toEqual({
      x: 2000,
      y: 100,
      width: 1600,
      height: 1000,
      maximized: false,
    });
  });

  it('drops the position when its monitor is gone, and shrinks to the remaining display', () => {
    expect(fitWindowState({ x: 2000, y: 100, width: 2400, height: 1300, maximized: true }, [laptop], sizes)).toEqual({ width: 1440, height: 875, maximized: true });
  });

  it('moves a window hanging off the edge fully onto its display', () => {
    expect(fitWindowState({ x: 1000, y: 500, width: 1000, height: 700, maximized: false }, [laptop], sizes)).toEqual({
      x: 440,
      y: 200,
      width: 1000,
      height: 700,
      maximized: false,
    });
    // Above the menu bar: pulled down into the work area.
    expect(fitWindowState({ x: 100, y: -10, width: 1000, height: 700, maximized: false }, [laptop], sizes)).toMatchObject({ x: 100, y: 25 });
  });

  it('never goes below the minimum size', () => {
    expect(fitWindowState({ x: 10, y: 30, width: 300, height: 200, maximized: false }, [laptop], sizes)).toMatchObject({ width: 800, height: 560 });
  });
});
