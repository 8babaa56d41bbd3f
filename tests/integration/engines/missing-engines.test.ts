// No engine can stop the app by its absence: where a platform lacks onnxruntime-node's or
// llama.cpp's binary (Intel Macs have no onnxruntime-node 1.30 build), the engine becomes a clear
// "unavailable" state and the rest keeps working. The importers are the ports (loadOptional.ts);
// here they fail the way Node does when a package's binary is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appPaths } from '../../../src-main/app/paths.js';
import { AppInfoSchema } from '../../../src-main/common/contract.js';
import { AppError } from '../../../src-main/common/errors.js';
import { createAdapters } from '../../../src-main/app/adapters.js';
import { SecretStore } from '../../../src-main/node/settings/secrets.js';
import { SettingsFile } from '../../../src-main/node/settings/settingsFile.js';
import { createSystemHandlers } from '../../../src-main/node/handlers/system.js';
import { LlamaCppProvider } from '../../../src-main/node/llm/llamaCpp.js';
import { detectMachineMemory } from '../../../src-main/node/llm/llamaEngine.js';
import { localEngineState, type LlamaModule } from '../../../src-main/node/llm/llamaEngine.js';
import { loadOptional, optionalModule } from '../../../src-main/node/loadOptional.js';
import { silentLogger } from '../../../src-main/node/logger.js';
import { OnnxRouter, ROUTER_ENGINE } from '../../../src-main/node/routing/onnxRouter.js';

const dir = mkdtempSync(join(tmpdir(), 'agentic-engines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `import('onnxruntime-node')` throws on darwin-x64: its index requires a binding it does not ship. */
const missingBinary = (what: string) => () =>
  Promise.reject(Object.assign(new Error(`Cannot find module '${what}'\nRequire stack:\n- /app/node_modules/x/index.js`), { code: 'MODULE_NOT_FOUND' }));

describe('loadOptional', () => {
  it('turns an import failure into an unavailable state with the platform, the reason and what to do; imports once', async () => {
    let calls = 0;
    const load = optionalModule(ROUTER_ENGINE, async () => {
      calls++;
      throw new Error('dlopen failed: wrong ELF class.\nmore detail');
    });
    const first = await load();
    expect(first.available).toBe(false);
    if (first.available) return;
    expect(first.error).toBeInstanceOf(AppError);
    expect(first.error.code).toBe('ROUTER_UNAVAILABLE');
    expect(first.error.message).toBe(
      `The request router (onnxruntime-node) is unavailable on this platform (${process.platform}-${process.arch}): dlopen failed: wrong ELF class. Requests go to the casual agent; pick another agent in the agent picker.`,
    );
    await load();
    expect(calls).toBe(1);
    expect(await loadOptional(ROUTER_ENGINE, async () => 42)).toEqual({ available: true, module: 42 });
  });
});

describe('router without onnxruntime-node', () => {
  it('OnnxRouter.load reports ROUTER_UNAVAILABLE saying the picker is the way', async () => {
    const error = await OnnxRouter.load(undefined, silentLogger, missingBinary('../bin/napi-v6/darwin/x64/onnxruntime_binding.node')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ROUTER_UNAVAILABLE', message: expect.stringMatching(/unavailable on this platform .*onnxruntime_binding\.node.*agent picker/) });
  });

  it('the app starts without it: adapters come up, state says why, routing refuses with ROUTER_UNAVAILABLE (the engine then takes the casual agent or the picked one)', async () => {
    const data = join(dir, 'app');
    const paths = appPaths({ host: 'cli', agenticHome: data });
    const replayFile = join(dir, 'replay.json');
    writeFileSync(replayFile, JSON.stringify({ responses: ['hello'] }));
    const settings = new SettingsFile(join(data, 'settings.json'), silentLogger, { workspace: join(data, 'workspace') });
    const secrets = new SecretStore(join(data, 'secrets.json'), silentLogger);
    const workspace = () => join(data, 'workspace');
    const adapters = await createAdapters({
      dataDir: paths.dataDir,
      modelsDir: paths.modelsDir,
      routerDir: paths.router,
      catalogFile: paths.catalog,
      settings,
      logger: silentLogger,
      emit: () => {},
      replayFile,
      workspace,
      secrets,
      engines: { onnxRuntime: missingBinary('../bin/napi-v6/darwin/x64/onnxruntime_binding.node') },
    });
    try {
      // The router loads with the first request: unknown until then, so the app starts without it.
      expect(adapters.engines().router.available).toBeNull();
      await expect(adapters.router.route('write a python script')).rejects.toMatchObject({ code: 'ROUTER_UNAVAILABLE' });
      const { router } = adapters.engines();
      expect(router.available).toBe(false);
      expect(router.message).toMatch(/request router .* unavailable on this platform/);
      // The model still answers: nothing else depended on the router.
      expect((await adapters.provider.get().info()).kind).toBe('replay');
      // What the UI reads (app.info), through the contract's own schema.
      const handlers = createSystemHandlers({
        ...{ host: 'cli', version: '0.0.0', settings, secrets, workspace, canReveal: false, provider: () => adapters.provider.get(), modelLoad: adapters.modelLoad },
        ...{
          engines: adapters.engines,
          doctor: adapters.doctor,
          languages: adapters.languages,
          sandbox: adapters.sandbox,
          explainSandbox: adapters.explainSandbox,
          router: adapters.router,
        },
      });
      const info = AppInfoSchema.parse(await handlers['app.info']({}, { clientId: 'test' }));
      expect(info.engines?.router).toEqual({ available: false, message: router.message });
      expect(info.engines?.localModel.available).not.toBe(true);
    } finally {
      await adapters.mcp.dispose();
    }
  });
});

describe('embedded model without node-llama-cpp', () => {
  const modelPath = join(dir, 'model.gguf');
  writeFileSync(modelPath, 'GGUF');
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], signal: new AbortController().signal };

  it('a turn fails with MODEL_LOAD_FAILED that names the engine and points to a server or cloud provider; state says unavailable', async () => {
    const provider = new LlamaCppProvider({ modelPath, logger: silentLogger, engine: missingBinary('node-llama-cpp') });
    const error = await provider.complete(request).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'MODEL_LOAD_FAILED',
      message: expect.stringMatching(/embedded model engine \(llama\.cpp\) is unavailable on this platform.*model server.*cloud provider/),
    });
    expect(localEngineState()).toEqual({ available: false, message: (error as AppError).message });
    await provider.dispose();
  });

  it('with the JavaScript present but no binary for the machine (getLlama fails), the same state, not a GGUF complaint', async () => {
    const real = await import('node-llama-cpp');
    const noBinary = async (): Promise<LlamaModule> => ({ ...real, getLlama: () => Promise.reject(new Error('No prebuilt binary found for darwin-x64')) }) as LlamaModule;
    const provider = new LlamaCppProvider({ modelPath, logger: silentLogger, engine: noBinary });
    const error = await provider.complete(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MODEL_LOAD_FAILED', message: expect.stringContaining('unavailable on this platform') });
    expect((error as Error).message).toContain('No prebuilt binary found for darwin-x64');
    expect((error as Error).message).not.toContain('GGUF');
    await provider.dispose();
  });

  it('the model list still learns the machine memory (RAM only)', async () => {
    const memory = await detectMachineMemory(silentLogger, missingBinary('node-llama-cpp'));
    expect(memory.ramBytes).toBeGreaterThan(0);
    expect(memory.vramBytes).toBe(0);
  });
});
