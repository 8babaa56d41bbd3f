import { describe, expect, it } from 'vitest';
import { explicitAgent } from './mention.js';

describe('explicit agent mention', () => {
  it('picks the named agent and removes the mention', () => {
    expect(explicitAgent('@web find the opening hours of the Louvre')).toEqual({ agent: 'web', request: 'find the opening hours of the Louvre' });
    expect(explicitAgent('  @Coder: print 1')).toEqual({ agent: 'coder', request: 'print 1' });
  });
  it('ignores unknown agents, mentions inside the text, and a bare mention', () => {
    expect(explicitAgent('@wizard do magic')).toBeNull();
    expect(explicitAgent('ask @web later')).toBeNull();
    expect(explicitAgent('@web')).toBeNull();
    expect(explicitAgent('@webhooks are neat')).toBeNull();
  });
});
