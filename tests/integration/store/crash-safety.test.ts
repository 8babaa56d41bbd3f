import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SqliteStore } from '../../../src-main/node/store/sqliteStore.js';
import { transpileForNode } from '../../helpers/transpile.js';

const KILLS = 100;
let dir: string;
let writerJs: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentic-crash-'));
  writerJs = transpileForNode(resolve(import.meta.dirname, '../../helpers/storeWriter.ts'), join(dir, 'build'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ack {
  id: number;
  length: number;
  tag: string;
}

/** Starts a writer, SIGKILLs it after a random delay, returns the acknowledgements it printed. */
function runAndKill(dbPath: string, sessionId: string): Promise<{ acks: Ack[]; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [writerJs, dbPath, sessionId], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    // A third of the kills land at random from the spawn (often while the store opens or migrates).
    const fromSpawn = Math.random() < 1 / 3;
    const delay = Math.random() * (fromSpawn ? 300 : 40);
    const kill = () => setTimeout(() => child.kill('SIGKILL'), delay);
    if (fromSpawn) kill();
    // Otherwise the clock starts at the first acknowledged write, so the kill lands among writes.
    child.stdout.on('data', (chunk: Buffer) => {
      const wasWriting = out.includes('ack ');
      out += chunk.toString();
      if (!fromSpawn && !wasWriting && out.includes('ack ')) kill();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      // Only complete lines count: a line cut by the kill was never fully acknowledged to us.
      const lines = out.split('\n').slice(0, -1);
      const acks = lines
        .filter((l) => l.startsWith('ack '))
        .map((l) => {
          const [, id, length, tag] = l.split(' ');
          return { id: Number(id), length: Number(length), tag: tag! };
        });
      resolvePromise({ acks, stderr });
    });
  });
}

it('a writer killed with SIGKILL at random moments 100 times loses no acknowledged message and leaves the store sound', async () => {
  const dbPath = join(dir, 'data', 'sessions.db');
  const setup = SqliteStore.open(dbPath);
  const sessionId = setup.createSession('crash test').id;
  setup.close();

  const acked: Ack[] = [];
  let killedMidWrite = 0;
  let started = 0;
  // Two writers at a time: halves the wall time and adds two processes contending for the write lock.
  const worker = async () => {
    while (started < KILLS) {
      const i = started++;
      const { acks, stderr } = await runAndKill(dbPath, sessionId);
      // A writer that failed by itself (e.g. could not open the store after an earlier kill) fails the test.
      expect(stderr, `writer ${i} wrote to stderr`).toBe('');
      acked.push(...acks);
      if (acks.length > 0) killedMidWrite++;
    }
  };
  await Promise.all([worker(), worker()]);
  // The test is only meaningful if most kills interrupted a writer that was writing.
  expect(killedMidWrite).toBeGreaterThanOrEqual(KILLS / 2);
  expect(acked.length).toBeGreaterThan(KILLS);

  const store = SqliteStore.open(dbPath);
  expect(store.integrityCheck()).toBe('ok');
  const stored = new Map(store.loadMemory(sessionId).map((m) => [m.id, m.content]));
  const missing = acked.filter((a) => {
    const content = stored.get(a.id);
    return content === undefined || content.length !== a.length || !content.startsWith(`${a.tag}:`);
  });
  expect(missing).toEqual([]);
  // Turns the writers left running were failed on open, since their processes are dead.
  expect(store.listTurns(sessionId).filter((t) => t.status === 'running')).toEqual([]);
  store.close();
  const raw = new Database(dbPath);
  expect(raw.pragma('foreign_key_check')).toEqual([]);
  raw.close();
}, 180_000);
