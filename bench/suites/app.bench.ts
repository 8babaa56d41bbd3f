// The app's start and a long day, through the real web host process (the same createApp as the
// desktop app): process start to ready, and to the first page interactive in Chromium, each above
// a bare `node -e 0` started in the same run; the host's resident memory after 200 replayed turns
// across 20 sessions against its level after the first 20; and the store's listTurns at 50 and
// 5,000 turns in one session.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import type { AppEvent } from '../../src-main/common/events.js';
import { createWebSocketBridge, type SocketLike } from '../../src-renderer/bridge/websocket.js';
import { aboveBareNode, bareNode } from '../startup.js';
import { median, type BenchRow } from '../types.js';
import { startWebHost, stopWebHost } from '../webHost.js';
import { listTurnsTimes } from './storeGrowth.js';

const SUITE = 'app';
const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

async function startTimes(home: string, replay: string): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: process.env.AGENTIC_CHROME ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const ready: number[] = [];
    const interactive: number[] = [];
    const bare: number[] = [];
    await stopWebHost(await startWebHost(home, replay)); // warm-up: builds the bundle if stale, fills caches
    for (let i = 0; i < 5; i++) {
      bare.push(await bareNode());
      const started = performance.now();
      const host = await startWebHost(home, replay);
      ready.push(host.readyMs);
      await page.goto(host.url);
      await page.locator('textarea').first().waitFor({ state: 'visible' });
      await page.waitForFunction(() => !document.querySelector('textarea')?.hasAttribute('disabled'));
      interactive.push(performance.now() - started);
      await stopWebHost(host);
    }
    return [
      aboveBareNode(SUITE, 'web host process start to ready (createApp + server), above bare node', ready, bare, { targetMs: 300, note: 'medians of 5' }),
      {
        suite: SUITE,
        metric: 'process start to first page interactive in Chromium',
        value: median(interactive),
        unit: 'ms',
        baseline: { label: 'node -e 0', value: median(bare) },
        target: '≤ 1000 ms',
        met: median(interactive) <= 1000,
        note: 'composer visible and enabled; medians of 5',
      },
    ];
  } finally {
    await browser.close();
  }
}

async function longDay(home: string, replay: string): Promise<BenchRow[]> {
  const host = await startWebHost(home, replay);
  const origin = new URL(host.url).origin;
  const bridge = createWebSocketBridge({
    url: `${origin.replace('http', 'ws')}/bridge?token=${new URL(host.url).searchParams.get('token')}`,
    createSocket: (url) => new WebSocket(url, { origin }) as unknown as SocketLike,
  });
  const waiting = new Map<string, () => void>();
  bridge.onEvents((events: AppEvent[], batch) => {
    for (const e of events) if ((e.type === 'turn.done' || e.type === 'turn.failed') && e.turnId) waiting.get(e.turnId)?.();
    bridge.ack(batch);
  });
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  try {
    const samples: number[] = [];
    for (let s = 0; s < 20; s++) {
      const session = must(await bridge.invoke('session.create', { title: `day ${s}` }));
      for (let t = 0; t < 10; t++) {
        const { turnId } = must(await bridge.invoke('turn.send', { sessionId: session.id, text: `note ${s}.${t}: what is on my list today?`, agent: 'casual' }));
        await new Promise<void>((resolve) => waiting.set(turnId, resolve));
        waiting.delete(turnId);
      }
      if (s === 1) samples.push(rssKiB(host.child.pid!)); // after 20 turns
    }
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssKiB(host.child.pid!);
    const first = samples[0]!;
    const growth = after / first - 1;
    return [
      {
        suite: SUITE,
        metric: 'web host RSS after 200 turns in 20 sessions',
        value: after / 1024,
        unit: 'MiB',
        baseline: { label: 'after the first 20 turns', value: first / 1024 },
        ratio: after / first,
        target: 'within 10 %',
        met: growth <= 0.1,
        note: 'replayed casual turns over the WebSocket',
      },
    ];
  } finally {
    bridge.close();
    await stopWebHost(host);
  }
}

export default async function appBench(): Promise<BenchRow[]> {
  const home = mkdtempSync(join(tmpdir(), 'bench-app-'));
  try {
    const replay = join(home, 'replay.json');
    const answer = 'Here is your list for today: write the report, call the plumber, buy bread. '.repeat(6);
    writeFileSync(replay, JSON.stringify({ responses: Array.from({ length: 400 }, () => answer) }));
    const starts = await startTimes(join(home, 'starts'), replay);
    const day = await longDay(join(home, 'day'), replay);
    return [...starts, ...day, ...(await listTurnsTimes(join(home, 'store')))];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
