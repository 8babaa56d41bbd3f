import { describe, expect, it } from 'vitest';
import { parseCli } from './args.js';

describe('agentic serve / mcp arguments', () => {
  it('takes a port, a host, origins and the run command’s provider flags', () => {
    expect(
      parseCli([
        'serve',
        '--port',
        '8080',
        '--host',
        '0.0.0.0',
        '--allow-origin',
        'http://localhost:3000',
        '--allow-origin',
        'https://chat.local',
        '--provider',
        'ollama',
        '--model',
        'qwen3',
        '--yes',
      ]),
    ).toMatchObject({
      command: 'serve',
      port: 8080,
      host: '0.0.0.0',
      allowOrigins: ['http://localhost:3000', 'https://chat.local'],
      provider: 'ollama',
      model: 'qwen3',
      yes: true,
      newToken: false,
    });
    expect(parseCli(['serve', '--replay', 'r.json', '--new-token'])).toMatchObject({ command: 'serve', provider: 'replay', replay: 'r.json', newToken: true, port: undefined });
    expect(parseCli(['mcp', '--workspace', 'ws'])).toMatchObject({ command: 'mcp', workspace: 'ws', yes: false });
  });

  it.each([
    [['serve', '--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['serve', '--allow-origin', 'localhost:3000'], /--allow-origin takes an origin/],
    [['serve', '--provider', 'gpt'], /Unknown provider "gpt"/],
    [['serve', 'extra'], /serve takes no arguments/],
    [['mcp', '--port', '1'], /--port and --host are for serve/],
    [['serve', '--provider', 'replay'], /--replay FILE/],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });
});
