import { describe, expect, it } from 'vitest';
import { draftToConfig, emptyMcpDraft, parseEnv, splitArgs } from './mcpForm.js';

describe('MCP server form', () => {
  it('splits arguments with quotes', () => {
    expect(splitArgs(`server.js --root "my dir" 'x y' z\\"`)).toEqual(['server.js', '--root', 'my dir', 'x y', 'z\\"']);
  });

  it('reads KEY=value lines and reports the others', () => {
    expect(parseEnv('A=1\n\nB = two=2\nbad')).toEqual({ env: { A: '1', B: ' two=2' }, bad: ['bad'] });
  });

  it('builds a stdio config, or names the first problem', () => {
    const draft = { ...emptyMcpDraft(), name: 'fs', command: 'node', args: 'srv.js --x', env: 'K=v' };
    expect(draftToConfig(draft)).toEqual({
      config: { name: 'fs', transport: 'stdio', command: 'node', args: ['srv.js', '--x'], env: { K: 'v' }, trusted: false, trustedTools: [] },
    });
    expect(draftToConfig({ ...draft, name: 'bad name' })).toHaveProperty('problem');
    expect(draftToConfig({ ...draft, command: ' ' })).toHaveProperty('problem');
    expect(draftToConfig({ ...draft, transport: 'http', url: 'nope' })).toHaveProperty('problem');
    expect(draftToConfig({ ...draft, transport: 'http', url: 'http://127.0.0.1:3000/mcp' })).toMatchObject({ config: { transport: 'http', url: 'http://127.0.0.1:3000/mcp' } });
  });
});
