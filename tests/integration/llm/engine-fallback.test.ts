// Loading falls back through the chosen builds with the reason kept, on the real node-llama-cpp: this
// machine has only the CPU build, so a recorded AMD machine that "has" the Vulkan build must end on
// the CPU, saying why, instead of failing. (A real GPU build was not available here: that path was
// checked only by its fallbacks.)
import { describe, expect, it } from 'vitest';
import { bestLlama, importLlamaCpp } from '../../../src-main/node/llm/llamaEngine.js';
import type { Logger } from '../../../src-main/core/ports.js';

const warnings: string[] = [];
const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m, d) => warnings.push(`${m} ${JSON.stringify(d)}`) };
const amd = { vendor: 'amd' as const, name: 'AMD GPU', driver: null, vramBytes: null, freeVramBytes: null };

describe('engine fallback', () => {
  it('passes over a build that does not load and runs on the CPU, with the reason', async () => {
    const module = await importLlamaCpp();
    const { llama, reason } = await bestLlama(module, 'auto', logger, { input: { platform: 'linux', arch: 'x64', gpus: [amd] }, installed: ['vulkan', 'cpu'] });
    expect(llama.gpu).toBe(false);
    expect(reason).toMatch(/AMD GPU: Vulkan\. The vulkan build did not load \(.+\); falling back\./);
    expect(warnings.some((w) => w.includes('"build":"vulkan"'))).toBe(true);
  });

  it('always tries the CPU build last, even when the package scan found none (a moved install)', async () => {
    const module = await importLlamaCpp();
    const { llama, reason } = await bestLlama(module, 'auto', logger, { input: { platform: 'linux', arch: 'x64', gpus: [] }, installed: [] });
    expect(llama.gpu).toBe(false);
    expect(reason).toBe('No GPU found: the CPU runs the model.');
  });
});
