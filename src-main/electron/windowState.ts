// The main window's size and position across launches: a small JSON file in the user-data folder,
// validated (it is a file on disk, any content may be there) and fitted to a display that exists
// now (a monitor unplugged since would leave the window off-screen). No 'electron' import: pure
// parts are unit-tested in Node; window.ts passes the displays' work areas in.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the system place the window (centred). */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface WindowSizes {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** How much of the title bar area must lie on a display for the saved position to be kept. */
const MIN_VISIBLE = 80;
const MAX_SIDE = 16_384;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The saved state if it is well-formed, else null. */
export function parseWindowState(raw: unknown): WindowState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!finite(r.width) || !finite(r.height) || r.width <= 0 || r.height <= 0 || r.width > MAX_SIDE || r.height > MAX_SIDE) return null;
  const state: WindowState = { width: Math.round(r.width), height: Math.round(r.height), maximized: r.maximized === true };
  if (finite(r.x) && finite(r.y) && Math.abs(r.x) <= MAX_SIDE * 4 && Math.abs(r.y) <= MAX_SIDE * 4) {
    state.x = Math.round(r.x);
    state.y = Math.round(r.y);
  }
  return state;
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * Where the window opens: the saved state fitted to the displays of now (work areas, i.e. without
 * task bars and menu bars). Too large: shrunk to the display; off every display: centred by the
 * system on the primary one; partly off: moved fully onto the display it mostly was on.
 */
export function fitWindowState(saved: WindowState | null, workAreas: readonly Rect[], sizes: WindowSizes): WindowState {
  const primary = workAreas[0];
  if (!saved || !primary) return { width: sizes.width, height: sizes.height, maximized: false };
  let width = Math.max(sizes.minWidth, saved.width);
  let height = Math.max(sizes.minHeight, saved.height);
  if (saved.x === undefined || saved.y === undefined) {
    return { width: Math.min(width, Math.max(sizes.minWidth, primary.width)), height: Math.min(height, Math.max(sizes.minHeight, primary.height)), maximized: saved.maximized };
  }
  const rect = { x: saved.x, y: saved.y, width, height };
  // The display holding most of the title bar strip decides; none holding enough of it: start over.
  const titleBar = { x: rect.x, y: rect.y, width: rect.width, height: Math.min(rect.height, 40) };
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const o = overlap(titleBar, area);
    if (o.width >= Math.min(MIN_VISIBLE, rect.width) && o.height > 0 && o.width * o.height > bestArea) {
      best = area;
      bestArea = o.width * o.height;
    }
  }
  if (!best)
    return { width: Math.min(width, Math.max(sizes.minWidth, primary.width)), height: Math.min(height, Math.max(sizes.minHeight, primary.height)), maximized: saved.maximized };
  width = Math.min(width, Math.max(sizes.minWidth, best.width));
  height = Math.min(height, Math.max(sizes.minHeight, best.height));
  const x = Math.min(Math.max(rect.x, best.x), best.x + best.width - width);
  const y = Math.min(Math.max(rect.y, best.y), best.y + best.height - height);
  return { x, y, width, height, maximized: saved.maximized };
}

export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Write-then-rename: a crash mid-write leaves the previous file, never half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}
