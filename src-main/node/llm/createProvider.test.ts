import { describe, expect, it } from 'vitest';
import { ProviderSettingsSchema } from '../../common/settings.js';
import { silentLogger } from '../logger.js';
import { AnthropicProvider } from './anthropic.js';
import { createProvider } from './createProvider.js';
import { LlamaCppProvider } from './llamaCpp.js';
import { OllamaProvider } from './ollama.js';
import { OpenAiCompatibleProvider } from './openaiCompatible.js';

const deps = { logger: silentLogger, modelsDir: '/tmp/models', apiKey: 'k' };
const make = (s: object) => createProvider(ProviderSettingsSchema.parse(s), deps);

describe('createProvider', () => {
  it('builds each provider kind from settings', () => {
    expect(make({ kind: 'llama', model: '/x/m.gguf' })).toBeInstanceOf(LlamaCppProvider);
    expect(make({ kind: 'openai', model: 'gpt-4o', baseUrl: 'http://127.0.0.1:1/v1' })).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(make({ kind: 'ollama', model: 'qwen3:8b' })).toBeInstanceOf(OllamaProvider);
    expect(make({ kind: 'anthropic', model: 'claude-sonnet-4-5' })).toBeInstanceOf(AnthropicProvider);
  });
  it('rejects an OpenAI-compatible provider without a base URL with a clear message', () => {
    expect(() => make({ kind: 'openai', model: 'm' })).toThrow(/base URL/);
  });
  it('leaves replay to the app', () => {
    expect(() => make({ kind: 'replay' })).toThrow(/app wires/);
  });
});
