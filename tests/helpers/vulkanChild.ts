// Child process of vulkan-device.test.ts (a fresh process per mode: each native build loads once per
// process, and ggml reads GGML_VK_VISIBLE_DEVICES when its Vulkan backend starts). Prints one JSON line.
//   llama    the app's engine choice with Vulkan pinned (bestLlama), the tiny GGUF with every layer
//            offered to the GPU, a short greedy generation; then the same on the CPU build
//   whisper  WhisperStt with Vulkan pinned on the tiny whisper model; then, in the same process (the
//            Vulkan module stays loaded), a context created with useGpu: false, as the fallback does
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Llama } from 'node-llama-cpp';
import { bestLlama, importLlamaCpp } from '../../src-main/node/llm/llamaEngine.js';
import { createLogger } from '../../src-main/node/logger.js';
import { WhisperStt } from '../../src-main/node/voice/stt.js';
import { readWav16k, toInt16 } from '../../src-main/node/voice/wav.js';
import { gpuBackendFromLog } from '../../src-main/node/voice/whisperEngine.js';
import { makeSpeechWav } from './speechAudio.js';
import { tinyModelPath } from './tinyGguf.js';
import { tinyWhisperPath } from './tinyWhisper.js';

const logger = createLogger({ level: 'error' });
const noGpuScan = { platform: 'linux' as const, arch: process.arch, gpus: [] };

async function generate(llama: Llama, tokens: number) {
  const model = await llama.loadModel({ modelPath: tinyModelPath(), gpuLayers: llama.gpu ? 'max' : 0 });
  const context = await model.createContext({ contextSize: 512, threads: 1 });
  const out: number[] = [];
  const started = performance.now();
  for await (const t of context.getSequence().evaluate(model.tokenize('The quick brown fox'), { temperature: 0 })) {
    out.push(t);
    if (out.length >= tokens) break;
  }
  const ms = performance.now() - started;
  const result = { gpu: llama.gpu, devices: await llama.getGpuDeviceNames(), gpuLayers: model.gpuLayers, tokens: out, tokensPerSecond: (out.length / ms) * 1000 };
  await context.dispose();
  await model.dispose();
  return result;
}

async function llamaMode() {
  const module = await importLlamaCpp();
  const vulkan = await bestLlama(module, 'vulkan', logger, { input: noGpuScan, installed: ['vulkan', 'cpu'] });
  const onVulkan = { ...(await generate(vulkan.llama, 16)), reason: vulkan.reason };
  const cpu = await module.getLlama({ gpu: false, build: 'never' });
  return { vulkan: onVulkan, cpu: await generate(cpu, 16) };
}

async function whisperMode() {
  const dir = mkdtempSync(join(tmpdir(), 'vk-whisper-'));
  try {
    const speech = await readWav16k(makeSpeechWav(dir, ['Open the file and show me the first line.'], { gapSec: 0.3, leadSec: 0.2 }).path);
    const stt = await WhisperStt.load(tinyWhisperPath(), logger, { pin: 'vulkan', detect: () => Promise.resolve(noGpuScan) });
    const timed = async (run: () => Promise<{ text: string }>) => {
      const started = performance.now();
      const { text } = await run();
      return { text, ms: performance.now() - started };
    };
    const first = await timed(() => stt.transcribe(speech, { language: 'en' }));
    const second = await timed(() => stt.transcribe(speech, { language: 'en' }));
    await stt.dispose();
    // The fallback's path: the same (Vulkan) module, a context with useGpu: false.
    const binding = await import('@fugood/whisper.node');
    const w = (typeof binding.initWhisper === 'function' ? binding : (binding as unknown as { default: typeof binding }).default) as typeof binding;
    const lines: string[] = [];
    w.addNativeLogListener((_level, text) => lines.push(text.trim()));
    await w.toggleNativeLog(true);
    const ctx = await w.initWhisper({ filePath: tinyWhisperPath(), useGpu: false });
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    await w.toggleNativeLog(false);
    const pcm = toInt16(speech);
    const cpu = await timed(() =>
      ctx
        .transcribeData(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer, { language: 'en', maxThreads: 1, temperatureInc: 0 })
        .promise.then((r) => ({ text: r.result.trim() })),
    );
    await ctx.release();
    return { engine: stt.engine, vulkan: [first, second], cpuInVulkanModule: { ...cpu, backend: gpuBackendFromLog(lines.filter((l) => l.includes('whisper_backend_init_gpu'))) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
const result = mode === 'llama' ? await llamaMode() : await whisperMode();
process.stdout.write(JSON.stringify(result) + '\n');
