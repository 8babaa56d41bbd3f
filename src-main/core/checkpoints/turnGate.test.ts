import { describe, expect, it } from 'vitest';
import type { Block, Checkpoints } from '../ports.js';
import { codeToolDefinition } from '../tools/defs/code.js';
import { startTurnCheckpoint } from './turnGate.js';

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const block = { id: 'b', tag: 'bash', code: 'true', savePath: null, params: {}, start: 0, end: 0 } as Block;
const turn = (signal = new AbortController().signal) => ({ sessionId: 's', turnId: 't', workspace: '/w', signal });

describe('turn checkpoint gate', () => {
  it('holds the first block until the state before the turn is recorded, then ends the checkpoint once', async () => {
    const log: string[] = [];
    let recorded!: () => void;
    const checkpoints: Checkpoints = {
      begin: () => new Promise((resolve) => (recorded = () => resolve(async () => void log.push('end')))),
    };
    const gate = startTurnCheckpoint(checkpoints, turn(), () => (log.push('judged'), { action: 'allow' }), logger);
    const verdict = gate.judge(block, { workspace: '/w', tainted: false, definition: codeToolDefinition('bash') });
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual([]);
    recorded();
    expect(await verdict).toEqual({ action: 'allow' });
    await gate.end();
    expect(log).toEqual(['judged', 'end']);
  });

  it('a failed scan does not stop the turn: blocks are judged, end does nothing', async () => {
    const gate = startTurnCheckpoint({ begin: () => Promise.reject(new Error('disk full')) }, turn(), () => ({ action: 'allow' }), logger);
    expect(await gate.judge(block, { workspace: '/w', tainted: false, definition: codeToolDefinition('bash') })).toEqual({ action: 'allow' });
    await expect(gate.end()).resolves.toBeUndefined();
  });

  it('a turn cancelled while waiting for the workspace runs no block', async () => {
    const controller = new AbortController();
    const gate = startTurnCheckpoint(
      { begin: () => new Promise((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('aborted')))) },
      turn(controller.signal),
      () => ({ action: 'allow' }),
      logger,
    );
    const verdict = gate.judge(block, { workspace: '/w', tainted: false, definition: codeToolDefinition('bash') });
    controller.abort();
    await expect(verdict).rejects.toThrow();
  });
});
