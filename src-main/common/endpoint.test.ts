import { describe, expect, it } from 'vitest';
import { endpointReach, providerReach } from './endpoint.js';

describe('where conversations go', () => {
  it('tells this machine, your network and the internet apart by address', () => {
    for (const url of ['http://127.0.0.1:8080/v1', 'http://localhost:11434', 'http://[::1]:1234/v1', 'http://api.localhost/v1']) expect(endpointReach(url)).toBe('machine');
    for (const url of [
      'http://192.168.1.20:11434',
      'http://10.0.0.5:8000/v1',
      'http://172.20.1.1/v1',
      'http://gpu-box.local:1234/v1',
      'http://gpubox:8080',
      'http://[fd00::5]:8080',
      'http://169.254.3.4',
    ])
      expect(endpointReach(url)).toBe('network');
    for (const url of ['https://api.openai.com/v1', 'http://8.8.8.8/v1', 'http://172.32.0.1/v1', 'https://openrouter.ai/api/v1', 'not a url', 'http://[2001:db8::1]/'])
      expect(endpointReach(url)).toBe('internet');
  });

  it('judges every provider by its address: an Ollama on another computer is not local', () => {
    expect(providerReach('ollama', '')).toBe('machine');
    expect(providerReach('ollama', 'http://192.168.1.9:11434')).toBe('network');
    expect(providerReach('openai', '')).toBe('internet'); // no address: it cannot start, the careful answer stands
    expect(providerReach('openai', 'http://192.168.1.9:8000/v1')).toBe('network');
    expect(providerReach('anthropic', '')).toBe('internet');
    expect(providerReach('anthropic', 'http://127.0.0.1:4000')).toBe('machine'); // a proxy on this machine
    expect(providerReach('llama', 'http://example.com')).toBe('machine');
    expect(providerReach('replay', '')).toBe('machine');
    expect(providerReach('someday', '')).toBe('internet');
  });
});
