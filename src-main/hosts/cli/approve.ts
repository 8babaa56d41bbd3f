import { createInterface } from 'node:readline/promises';
import type { AskUser } from '../../core/ports.js';

/**
 * --yes approves; a terminal is asked; anything else (scripts, CI, pipes) declines, and the model
 * is told the user declined.
 */
export function cliApprover(opts: { yes: boolean; interactive: boolean; err: NodeJS.WritableStream }): AskUser {
  return async (request) => {
    const shown = request.command.length > 2000 ? `${request.command.slice(0, 2000)}\n…` : request.command;
    if (opts.yes) {
      opts.err.write(`approved (--yes): ${request.tool} block — ${request.reasons.join('; ')}\n`);
      return true;
    }
    if (!opts.interactive) {
      opts.err.write(`declined (no terminal; pass --yes to approve): ${request.tool} block — ${request.reasons.join('; ')}\n`);
      return false;
    }
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      const answer = await rl.question(`\nThis ${request.tool} block needs your approval (${request.reasons.join('; ')}):\n${shown}\nRun it? [y/N] `, { signal: request.signal });
      return /^y(es)?$/i.test(answer.trim());
    } catch {
      return false;
    } finally {
      rl.close();
    }
  };
}
