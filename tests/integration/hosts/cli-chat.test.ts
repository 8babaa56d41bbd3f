// The interactive CLI (`agentic`, `agentic chat`) driven through a real pseudo-terminal (node-pty)
// with the Replay provider: a streamed answer, an approval answered inline, Ctrl+C stopping a long
// block while the session continues, /new and /sessions, and Ctrl+C twice leaving.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type IPty } from 'node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/processes.js';

const fence = (tag: string, code: string) => '```' + tag + '\n' + code + '\n```';

interface Terminal {
  pty: IPty;
  /** Everything printed so far, colour codes removed. */
  text(): string;
  /** Waits until `pattern` appears after position `from` of the text; returns the index after it. */
  waitFor(pattern: RegExp | string, from?: number, timeoutMs?: number): Promise<number>;
  type(keys: string): void;
  exit: Promise<number>;
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function openChat(responses: string[], extra: string[] = []): Terminal {
  const home = mkdtempSync(join(tmpdir(), 'agentic-chat-'));
  const replay = join(home, 'replay.json');
  writeFileSync(replay, JSON.stringify({ responses }));
  const pty = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'src-main/hosts/cli/main.ts'), ...extra, '--replay', replay, '--workspace', join(home, 'ws')], {
    cwd: ROOT,
    cols: 120,
    rows: 40,
    env: { ...process.env, AGENTIC_HOME: home, AGENTIC_LOG: 'error', TERM: 'xterm-256color', npm_lifecycle_event: '' } as Record<string, string>,
  });
  let raw = '';
  pty.onData((d) => (raw += d));
  const exit = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  const text = () => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
  cleanup = () => {
    try {
      pty.kill('SIGKILL');
    } catch {
      // already gone
    }
    rmSync(home, { recursive: true, force: true });
  };
  return {
    pty,
    text,
    type: (keys) => pty.write(keys),
    exit,
    async waitFor(pattern, from = 0, timeoutMs = 60_000) {
      const started = Date.now();
      for (;;) {
        const rest = text().slice(from);
        const m =
          typeof pattern === 'string'
            ? rest.includes(pattern)
              ? { index: rest.indexOf(pattern), length: pattern.length }
              : null
            : (() => {
                const r = pattern.exec(rest);
                return r ? { index: r.index, length: r[0].length } : null;
              })();
        if (m) return from + m.index + m.length;
        if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${text().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 30));
      }
    },
  };
}

describe('agentic chat in a terminal', () => {
  it('streams answers, asks approvals inline, stops a long block on Ctrl+C, continues, /new, and leaves on Ctrl+C twice', { timeout: 180_000 }, async () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const t = openChat([
      `Hello from the replay. ${long}`,
      fence('bash', 'rm -rf build && echo cleaned-up'),
      fence('bash', 'echo started-sleeping; sleep 600'),
      'Still here after the stop.',
    ]);
    let at = await t.waitFor('you › ');
    expect(t.text()).toMatch(/Type \/help for commands/);

    t.type('/agent casual\r');
    at = await t.waitFor('Next requests go to: casual.', at);
    t.type('hello there\r');
    // Streamed: the first words are on screen before the last ones arrive.
    const firstWords = await t.waitFor('Hello from the replay.', at);
    at = await t.waitFor('w39', firstWords);
    at = await t.waitFor('you › ', at);

    t.type('/agent coder\r');
    at = await t.waitFor('Next requests go to: coder.', at);
    t.type('clean the build\r');
    at = await t.waitFor('Run it? [y/N]', at);
    expect(t.text().slice(at - 300, at)).toContain('rm -rf build');
    t.type('y\r');
    at = await t.waitFor('cleaned-up', at);
    at = await t.waitFor('✓ bash ok', at);
    at = await t.waitFor('you › ', at);

    t.type('sleep for a while\r');
    at = await t.waitFor('started-sleeping', at);
    const stopAt = Date.now();
    t.type('\x03');
    at = await t.waitFor('[stopped]', at, 20_000);
    expect(Date.now() - stopAt).toBeLessThan(15_000);
    at = await t.waitFor('you › ', at);

    // The session continues: the next request is answered in it.
    t.type('/agent casual\r');
    at = await t.waitFor('Next requests go to: casual.', at);
    t.type('are you there?\r');
    at = await t.waitFor('Still here after the stop.', at);
    at = await t.waitFor('you › ', at);

    t.type('/sessions\r');
    at = await t.waitFor(/\* [0-9a-f-]{36} .* hello there/, at);
    t.type('/new\r');
    at = await t.waitFor('New session', at);
    t.type('/help\r');
    at = await t.waitFor('/agent NAME', at);
    await t.waitFor('you › ', at);

    t.type('\x03');
    await new Promise((r) => setTimeout(r, 200));
    t.type('\x03');
    expect(await t.exit).toBe(0);
  });
});

describe('agentic chat and Ctrl+C as a signal', () => {
  // A terminal outside raw mode (between questions, start-up, shutdown) turns Ctrl+C into SIGINT
  // for the whole foreground group: it must mean what the key means, not end the process with 130.
  it('asks before leaving on a first SIGINT and leaves cleanly on the second', { timeout: 120_000 }, async () => {
    const t = openChat(['unused']);
    const at = await t.waitFor('you › ');
    // The terminal runs tsx, which runs the CLI as its child: signal the CLI itself, as a terminal
    // signals an installed `agentic` (tsx's own relay would add a second signal or a SIGKILL).
    const cli = Number(readFileSync(`/proc/${t.pty.pid}/task/${t.pty.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    process.kill(cli, 'SIGINT');
    await t.waitFor('press Ctrl+C again to leave', at);
    process.kill(cli, 'SIGINT');
    expect(await t.exit).toBe(0);
  });
});
