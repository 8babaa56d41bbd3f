import { createInterface } from 'node:readline/promises';
import { escapeControls as safe } from '../../common/terminalText.js';
import type { AskUser } from '../../core/ports.js';

/**
 * --yes approves; a terminal is asked; anything else (scripts, CI, pipes) declines, and the model
 * is told the user declined.
 */
export function cliApprover(opts: { yes: boolean; interactive: boolean; err: NodeJS.WritableStream }): AskUser {
  return async (request) => {
    // The block and the reasons quote the model: shown with control characters escaped, never run by the terminal.
    const shown = safe(request.command.length > 2000 ? `${request.command.slice(0, 2000)}\n…` : request.command);
    const reasons = safe(request.reasons.join('; '));
    const tool = safe(request.tool);
    if (opts.yes) {
      opts.err.write(`approved (--yes): ${tool} block — ${reasons}\n`);
      return true;
    }
    if (!opts.interactive) {
      opts.err.write(`declined (no terminal; pass --yes to approve): ${tool} block — ${reasons}\n`);
      return false;
    }
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      const answer = await rl.question(`\nThis ${tool} block needs your approval (${reasons}):\n${shown}\nRun it? [y/N] `, { signal: request.signal });
      return /^y(es)?$/i.test(answer.trim());
    } catch {
      return false;
    } finally {
      rl.close();
    }
  };
}
