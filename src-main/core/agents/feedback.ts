// What the model reads after its blocks ran: every block's output, exit status and, on failure,
// what failed. Output is clipped here so one noisy program cannot flood the next call.
import type { BlockResult } from '../../common/events.js';

const MAX_OUTPUT_CHARS = 6_000;

function clip(output: string): string {
  if (output.length <= MAX_OUTPUT_CHARS) return output;
  const half = MAX_OUTPUT_CHARS / 2;
  return `${output.slice(0, half)}\n[… ${output.length - MAX_OUTPUT_CHARS} characters omitted …]\n${output.slice(-half)}`;
}

const STATUS_TEXT: Record<BlockResult['status'], string> = {
  ok: 'succeeded',
  failed: 'failed',
  timeout: 'was stopped: it ran past its time limit',
  refused: 'was refused before running',
  declined: 'was not run: the user declined it',
  cancelled: 'was cancelled',
  error: 'could not run',
};

export function formatBlockFeedback(results: readonly BlockResult[], notRun: number): string {
  const parts = results.map((r, i) => {
    const exit = r.exitCode === null ? '' : ` (exit status ${r.exitCode})`;
    const saved = r.savedTo ? `\nSaved to ${r.savedTo}.` : '';
    const body = r.output.trim() ? `\n\`\`\`text\n${clip(r.output.trimEnd())}\n\`\`\`` : '\n(no output)';
    return `Block ${i + 1} [${r.tool}] ${STATUS_TEXT[r.status]}${exit}.${saved}${body}`;
  });
  if (notRun > 0) parts.push(`${notRun} later block(s) were not run because this one failed.`);
  return parts.join('\n\n');
}
