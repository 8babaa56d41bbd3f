import { describe, expect, it } from 'vitest';
import type { ClassifierScores } from '../ports.js';
import { createDetailedRouteDecider, createRouteDecider, type LanguageAwareClassifier } from './decider.js';

/** A classifier port that always prefers mcp, then web, and echoes the fallback language. */
const classifier: LanguageAwareClassifier = {
  async classify(_text: string, fallbackLanguage = 'en'): Promise<ClassifierScores> {
    return { agent: { casual: 0.05, coder: 0.05, file: 0.05, web: 0.25, mcp: 0.6 }, complexity: { LOW: 0.9, HIGH: 0.1 }, language: fallbackLanguage };
  },
};

describe('route decider', () => {
  it('reads whether MCP is configured at each request, not once at start', async () => {
    let configured = false;
    const decide = createRouteDecider(classifier, { mcpConfigured: () => configured });
    expect((await decide('list my open pull requests')).agent).toBe('web');
    configured = true;
    expect((await decide('list my open pull requests')).agent).toBe('mcp');
  });

  it('passes the session language as the fallback and reports the reason', async () => {
    const decide = createDetailedRouteDecider(classifier, { mcpConfigured: () => true, fallbackLanguage: () => 'de' });
    const outcome = await decide('ls -la', 'coder');
    expect(outcome).toMatchObject({ reason: 'user', decision: { agent: 'coder', language: 'de' } });
  });
});
