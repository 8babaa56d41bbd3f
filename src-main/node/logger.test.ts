import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, rotatingFileSink } from './logger.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the rotating log file', () => {
  it('rotates by size, keeps a few files, newest first, and loses no line it kept', () => {
    const file = join(dir, 'rot', 'main.log');
    const sink = rotatingFileSink({ file, maxBytes: 1000, keep: 2 });
    const lines = Array.from({ length: 60 }, (_, i) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`);
    for (const line of lines) sink(line);
    expect(readdirSync(join(dir, 'rot')).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    const read = (name: string) =>
      readFileSync(join(dir, 'rot', name), 'utf8')
        .split('\n')
        .filter(Boolean);
    for (const name of ['main.log', 'main.1.log', 'main.2.log']) expect(readFileSync(join(dir, 'rot', name)).length).toBeLessThanOrEqual(1000);
    // Oldest to newest, the kept files are one contiguous tail of what was written.
    const kept = [...read('main.2.log'), ...read('main.1.log'), ...read('main.log')];
    expect(kept).toEqual(lines.slice(lines.length - kept.length));
    expect(kept.at(-1)).toBe(lines.at(-1));
  });

  it('appends to the file of an earlier run and counts its size', () => {
    const file = join(dir, 'again.log');
    rotatingFileSink({ file, maxBytes: 100 })('a'.repeat(80));
    rotatingFileSink({ file, maxBytes: 100 })('b'.repeat(30));
    expect(readFileSync(file, 'utf8')).toBe('b'.repeat(30) + '\n');
    expect(readFileSync(join(dir, 'again.1.log'), 'utf8')).toBe('a'.repeat(80) + '\n');
  });

  it('masks secrets in what reaches the file, and never throws when the disk fails', () => {
    const file = join(dir, 'secret.log');
    const logger = createLogger({ level: 'info', sink: rotatingFileSink({ file }) });
    logger.info('provider set', { apiKey: 'sk-live-123', model: 'm' });
    expect(readFileSync(file, 'utf8')).toContain('"apiKey":"***"');
    expect(readFileSync(file, 'utf8')).not.toContain('sk-live-123');
    // Its folder is a file: nothing can be written, and nothing throws.
    const blocked = rotatingFileSink({ file: join(file, 'x.log') });
    expect(() => blocked('line')).not.toThrow();
    expect(existsSync(file)).toBe(true);
  });
});
