// A session as a Markdown document: each request, the agent's replies with the code it ran and
// what that code printed, and the final answer. Block placeholders become the blocks themselves.
import type { TurnRecord } from '../../../src-main/common/contract.js';
import { BLOCK_PLACEHOLDER_RE } from '../../../src-main/common/placeholders.js';

const fence = (text: string, tag = ''): string => {
  const longest = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((f) => f.length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${tag}\n${text.replace(/\n$/, '')}\n${marks}`;
};

function blockText(turn: TurnRecord, blockId: string): string {
  const b = turn.blocks.find((x) => x.blockId === blockId);
  if (!b) return '';
  const out = b.output.trim() ? `\n\nOutput (${b.status}${b.exitCode !== null ? `, exit ${b.exitCode}` : ''}):\n\n${fence(b.output)}` : `\n\n(${b.status})`;
  return `\n\n${fence(b.code, b.tool)}${out}\n\n`;
}

export function sessionMarkdown(title: string, turns: readonly TurnRecord[]): string {
  const parts = [`# ${title || 'Session'}`, ''];
  for (const t of turns) {
    parts.push(`## ${new Date(t.createdAt).toISOString().slice(0, 16).replace('T', ' ')} · You`, '', t.request, '');
    parts.push(`### ${t.agent ?? 'agent'}`, '');
    const replies = t.replies.map((r) => r.text.replace(new RegExp(BLOCK_PLACEHOLDER_RE.source, 'g'), (_m, id: string) => blockText(t, id)).trim());
    for (const r of replies) if (r) parts.push(r, '');
    const answer = t.answer.replace(new RegExp(BLOCK_PLACEHOLDER_RE.source, 'g'), '').trim();
    if (answer && !t.replies.some((r) => r.text.trim() === t.answer.trim())) parts.push(answer, '');
    if (t.error) parts.push(`> Failed: ${t.error}`, '');
  }
  return parts.join('\n').replace(/\n{3,}/g, '\n\n');
}

export const markdownFileName = (title: string): string =>
  `${
    (title || 'session')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || 'session'
  }.md`;
