// The typed contract: every command has a handler, schemas survive the JSON trip, and the preload
// exposes exactly the Bridge.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/index.js';
import { commands, type CommandInput, type CommandName } from '../../../src-main/common/contract.js';
import { EventSchema, type AppEvent, type EventType } from '../../../src-main/common/events.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { ROOT } from '../../helpers/processes.js';

const base = { seq: 1, sessionId: 's', turnId: 't' };
const block = { blockId: 'b1', tool: 'python', status: 'ok' as const, success: true, exitCode: 0, output: 'x', savedTo: null, durationMs: 3 };
// Typed as a full record: adding an event type without a sample fails tsc.
const sampleEvents: { [K in EventType]: Extract<AppEvent, { type: K }> } = {
  'turn.started': { type: 'turn.started', ...base, request: 'hi' },
  'agent.selected': {
    type: 'agent.selected',
    ...base,
    agent: 'coder',
    reason: 'router',
    routing: { agent: 'coder', complexity: 'LOW', language: 'en', confidence: { agent: 0.9, complexity: 0.8 } },
  },
  'llm.started': { type: 'llm.started', ...base, call: 1, agent: 'coder' },
  'answer.delta': { type: 'answer.delta', ...base, call: 1, text: 'to' },
  'reasoning.delta': { type: 'reasoning.delta', ...base, call: 1, text: 'hmm' },
  'reply.completed': { type: 'reply.completed', ...base, call: 1, agent: 'coder', text: 'a [[block:b1]]', reasoning: '' },
  'block.started': { type: 'block.started', ...base, blockId: 'b1', call: 1, tool: 'python', code: 'print(1)', savePath: null },
  'terminal.output': { type: 'terminal.output', ...base, blockId: 'b1', data: '1\r\n' },
  'block.finished': { type: 'block.finished', ...base, ...block },
  'approval.requested': { type: 'approval.requested', ...base, approvalId: 'a', blockId: 'b1', tool: 'bash', command: 'rm x', reasons: ['deletes files'] },
  'approval.resolved': { type: 'approval.resolved', ...base, approvalId: 'a', approved: false },
  'plan.updated': { type: 'plan.updated', ...base, steps: [{ id: '1', agent: 'web', task: 't', need: [], status: 'running', output: '' }] },
  'browser.navigated': { type: 'browser.navigated', ...base, url: 'http://x/', title: 'X' },
  'browser.frame': { type: 'browser.frame', ...base, mime: 'image/jpeg', data: 'AAAA' },
  'context.compacted': { type: 'context.compacted', ...base, beforeTokens: 10, afterTokens: 5 },
  'work.progress': { type: 'work.progress', ...base, stage: 'part', part: 7, parts: 31 },
  'input.stored': { type: 'input.stored', ...base, path: '.agentic/inputs/a-input-1.txt', chars: 1_000_000, tokens: 250_000 },
  'memory.changed': { type: 'memory.changed', ...base, id: 1, status: 'proposed', text: 'The user prefers metric units' },
  'schedule.proposed': { type: 'schedule.proposed', ...base, request: 'summarise notes.md', when: { daily: '08:00' }, describe: 'every day at 08:00', agent: 'auto' },
  'turn.done': { type: 'turn.done', ...base, agent: 'casual', answer: 'a', reasoning: '', llmCalls: 1 },
  'turn.failed': { type: 'turn.failed', ...base, error: { code: 'INTERNAL', message: 'boom' } },
  'turn.cancelled': { type: 'turn.cancelled', ...base },
  'sessions.changed': { type: 'sessions.changed', seq: 1, sessionId: null, turnId: null },
  'model.progress': { type: 'model.progress', seq: 1, sessionId: null, turnId: null, modelId: 'm', receivedBytes: 1, totalBytes: 2, done: false },
  'model.loadProgress': { type: 'model.loadProgress', seq: 1, sessionId: null, turnId: null, model: 'tiny.gguf', status: 'loading', progress: 0.42, message: null },
  'mcp.status': { type: 'mcp.status', seq: 1, sessionId: null, turnId: null, server: 'fs', status: 'ready', message: '' },
  'workspace.importProgress': {
    type: 'workspace.importProgress',
    seq: 1,
    sessionId: null,
    turnId: null,
    copiedBytes: 1,
    totalBytes: 2,
    copiedFiles: 1,
    totalFiles: 2,
    current: 'a/b.txt',
    done: false,
  },
  'checkpoint.recorded': {
    type: 'checkpoint.recorded',
    ...base,
    filesChanged: 2,
    unrestorable: 0,
    paths: [
      { path: 'a.txt', kind: 'created' },
      { path: 'b', kind: 'renamed' },
    ],
  },
  'checkpoint.restored': { type: 'checkpoint.restored', ...base, direction: 'undo', turns: ['t'], restored: 2 },
  'voice.state': { type: 'voice.state', seq: 1, sessionId: null, turnId: null, captureId: 'c', state: 'listening' },
  'voice.transcript': {
    type: 'voice.transcript',
    seq: 1,
    sessionId: null,
    turnId: null,
    captureId: 'c',
    utteranceId: 'u',
    text: 'hi',
    language: 'en',
    final: true,
    echo: false,
    startSec: 0.5,
    endSec: 1.5,
    sttMs: 120,
  },
  'voice.speaking': { type: 'voice.speaking', seq: 1, sessionId: null, turnId: null, speaking: true, text: 'hello' },
  'voice.error': { type: 'voice.error', seq: 1, sessionId: null, turnId: null, captureId: null, message: 'no model' },
  'voice.toggle': { type: 'voice.toggle', seq: 1, sessionId: null, turnId: null },
  'selftest.progress': {
    ...{ type: 'selftest.progress', seq: 1, sessionId: null, turnId: null, state: 'running', model: 'llama-m.gguf', agent: 'coder', of: 6, error: null },
    done: [{ agent: 'casual', passed: true, score: 1, seconds: 2, failed: [] }],
  },
};

const sampleInputs: { [K in CommandName]: CommandInput<K> } = {
  'app.info': {},
  'localApi.status': {},
  'localApi.configure': { enabled: false },
  'localApi.rotateToken': {},
  'session.create': { title: 't' },
  'session.list': {},
  'session.search': { query: 'otters' },
  'session.open': { id: 'x' },
  'session.turns': { id: 'x', skip: 0, limit: 50 },
  'session.rename': { id: 'x', title: 'y' },
  'session.delete': { id: 'x' },
  'turn.send': { sessionId: 'x', text: 'hello', agent: 'coder' },
  'turn.cancel': { turnId: 't' },
  'approval.answer': { approvalId: 'a', approved: true },
  'provider.setKey': { key: 'sk-test' },
  'browser.setBounds': { x: 1, y: 2, width: 300, height: 200 },
  'browser.setOverlay': { open: true },
  'router.route': { text: 'hello' },
  'settings.get': {},
  'settings.update': { maxAttempts: 3, sandbox: { network: false } },
  'sandbox.explain': {},
  'models.list': {},
  'models.download': { id: 'm' },
  'models.delete': { id: 'm' },
  'models.openLocal': { path: '/tmp/m.gguf' },
  'models.testResults': {},
  'models.test': {},
  'models.testStop': {},
  'mcp.list': {},
  'mcp.add': { name: 'fs', transport: 'stdio', command: 'node', args: [], env: {}, trusted: false, trustedTools: [] },
  'mcp.test': { name: 'fs' },
  'mcp.remove': { name: 'fs' },
  'workspace.list': {},
  'workspace.import': { files: [{ name: 'a.txt', dataBase64: 'aGk=' }] },
  'workspace.importDropped': {},
  'system.hardware': {},
  'system.doctor': {},
  'servers.detect': {},
  'models.cancel': { id: 'm', discard: true },
  'dialog.pick': { kind: 'gguf' },
  'workspace.read': { path: 'a.txt' },
  'workspace.delete': { path: 'a.txt' },
  'workspace.untrusted': {},
  'workspace.markUntrusted': { path: 'a.txt', untrusted: true },
  'workspace.reveal': { path: 'a.txt' },
  'checkpoint.list': { sessionId: 's' },
  'checkpoint.changes': { turnId: 't' },
  'checkpoint.diff': { turnId: 't', path: 'a.txt' },
  'checkpoint.undo': { turnId: 't', cascade: true },
  'voice.status': {},
  'voice.start': { language: 'fr' },
  'voice.audio': { captureId: 'c', pcm: 'AAAA' },
  'voice.stop': { captureId: 'c', cancel: true },
  'voice.send': { sessionId: 's', text: 'hello', language: 'en' },
  'voice.speak': { text: 'hello' },
  'voice.stopSpeaking': {},
  'knowledge.search': { query: 'lease termination' },
  'knowledge.status': {},
  'knowledge.pause': { paused: true },
  'voice.models': {},
  'voice.downloadModel': { id: 'whisper-base' },
  'voice.deleteModel': { id: 'whisper-base' },
  'checkpoint.redo': { turnId: 't' },
  'memory.list': {},
  'memory.add': { text: 'My project uses Python 3.12' },
  'memory.update': { id: 1, enabled: false },
  'memory.delete': { id: 1 },
  'memory.export': {},
  'memory.import': { memories: [{ text: 'Answer in French', enabled: true }] },
  'memory.session': { sessionId: 's', off: true },
  'schedule.list': {},
  'schedule.create': { request: 'Summarise today.md', when: { daily: '08:00' }, approval: 'dry-run', timeZone: 'Europe/Paris' },
  'schedule.remove': { id: 'x' },
  'schedule.setPaused': { id: 'x', paused: true },
  'schedule.runNow': { id: 'x' },
  'schedule.runs': { id: 'x', limit: 10 },
  'schedule.approvals': {},
  'schedule.answer': { approvalId: 'a', approved: false },
  'engines.status': { kind: 'cuda' },
  'engines.get': { kind: 'cuda' },
  'engines.pause': { kind: 'cuda' },
  'engines.cancel': { kind: 'cuda' },
  'engines.rm': { kind: 'cuda' },
};

const roundTrip = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('contract', () => {
  let app: App;
  const dir = mkdtempSync(join(tmpdir(), 'agentic-contract-'));
  beforeAll(async () => {
    app = await createApp({ host: 'cli', dataDir: dir, logger: silentLogger });
  });
  afterAll(async () => {
    await app.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a handler for every command, and no handler without a command', () => {
    expect(Object.keys(app.handlers).sort()).toEqual(Object.keys(commands).sort());
    for (const handler of Object.values(app.handlers)) expect(typeof handler).toBe('function');
  });

  it.each(Object.keys(sampleInputs) as CommandName[])('input schema of %s round-trips through JSON', (name) => {
    const parsed = commands[name].input.parse(sampleInputs[name]);
    expect(commands[name].input.parse(roundTrip(parsed))).toEqual(parsed);
  });

  it.each(Object.keys(sampleEvents) as EventType[])('event %s round-trips through JSON', (type) => {
    const parsed = EventSchema.parse(sampleEvents[type]);
    expect(EventSchema.parse(roundTrip(parsed))).toEqual(parsed);
  });
});

describe('preload', () => {
  const built = join(ROOT, 'out', 'preload', 'preload.cjs');
  beforeAll(() => {
    if (!existsSync(built)) execFileSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
  }, 180_000);

  it('exposes exactly invoke, onEvent and ack under window.agentic, over the three fixed channels', async () => {
    const exposed: Record<string, Record<string, unknown>> = {};
    const calls: string[] = [];
    // The Electron runtime cannot exist here: the built preload runs with a stand-in for the two
    // objects it may touch, which records what it does.
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => (exposed[key] = api) },
      ipcRenderer: {
        invoke: async (channel: string) => (calls.push(`invoke:${channel}`), { ok: true, value: 1 }),
        send: (channel: string, payload: unknown) => calls.push(channel === 'agentic:drop' ? `send:${channel}:${JSON.stringify(payload)}` : `send:${channel}`),
        on: (channel: string) => calls.push(`on:${channel}`),
        removeListener: (channel: string) => calls.push(`off:${channel}`),
      },
      webUtils: { getPathForFile: (file: { path: string }) => file.path },
    };
    // The one DOM hook the preload sets: a capture-phase drop listener that reads the real paths.
    const listeners: { type: string; capture: unknown; listener: (e: unknown) => void }[] = [];
    const window = { addEventListener: (type: string, listener: (e: unknown) => void, capture: unknown) => listeners.push({ type, listener, capture }) };
    const code = readFileSync(built, 'utf8');
    const module = { exports: {} };
    const require = (id: string) => {
      if (id === 'electron') return electron;
      throw new Error(`preload required ${id}`);
    };
    vm.runInNewContext(code, { module, exports: module.exports, require, window });
    expect(Object.keys(exposed)).toEqual(['agentic']);
    expect(Object.keys(exposed.agentic!).sort()).toEqual(['ack', 'invoke', 'onEvent']);
    const api = exposed.agentic as { invoke: (c: string, i: unknown) => Promise<unknown>; onEvent: (l: () => void) => () => void; ack: (n: number) => void };
    await api.invoke('session.list', {});
    api.onEvent(() => {})();
    api.ack(1);
    expect(calls).toEqual(['invoke:agentic:invoke', 'on:agentic:event', 'off:agentic:event', 'send:agentic:ack']);
    expect(listeners.map((l) => [l.type, l.capture])).toEqual([['drop', true]]);
    const files = [{ path: '/home/a/project' }, { path: '' }];
    listeners[0]!.listener({ isTrusted: false, dataTransfer: { files } });
    listeners[0]!.listener({ isTrusted: true, dataTransfer: { files } });
    // A script's synthetic drop sends nothing; a real one sends the paths (files without one dropped).
    expect(calls.slice(4)).toEqual(['send:agentic:drop:["/home/a/project"]']);
    expect(code.split('\n').length).toBeLessThan(120);
  });
});
