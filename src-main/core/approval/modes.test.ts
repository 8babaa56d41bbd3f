import { describe, expect, it } from 'vitest';
import { mcpCallNeedsApproval } from '../mcp/trust.js';
import { APPROVAL_MODE_IDS, askUnderMode } from '../../common/approvalModes.js';

describe('approval modes, defined once', () => {
  it('ask-risky asks only with a risk, ask-all always and first says why, allow-all never', () => {
    expect(askUnderMode('ask-risky', [])).toEqual([]);
    expect(askUnderMode('ask-risky', ['deletes files'])).toEqual(['deletes files']);
    expect(askUnderMode('ask-all', [])).toEqual(['approval mode asks before every action']);
    expect(askUnderMode('ask-all', ['deletes files'], 'asks before every block')).toEqual(['asks before every block', 'deletes files']);
    expect(askUnderMode('allow-all', ['deletes files'])).toEqual([]);
  });

  it('means the same for an MCP call as for a block', () => {
    const servers = [{ name: 'cal', trusted: false, trustedTools: ['list'] }];
    for (const mode of APPROVAL_MODE_IDS) {
      for (const tool of ['list', 'delete']) {
        const risks = tool === 'list' ? [] : ['untrusted'];
        const verdict = mcpCallNeedsApproval({ server: 'cal', tool }, { servers, mode });
        expect(verdict.action).toBe(askUnderMode(mode, risks).length > 0 ? 'ask' : 'allow');
      }
    }
  });
});
