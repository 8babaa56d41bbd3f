// The decision and the reload's coordination over recorded llama.cpp failures, with fakes at the seam
// the provider uses (an attempt that runs on a loaded model, a reload): no machine here has a GPU to
// make a real decode run out of memory.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors.js';
import { silentLogger } from '../logger.js';
import { EngineReloads, EngineRetired, markingStreamed, noteLlamaLog, outOfMemoryLogMark, ranOutOfMemory, recoveryFor, withGpuRecovery, type Attempt } from './gpuRecovery.js';

// Recorded failures, as node-llama-cpp 3.21.1 and its bundled llama.cpp write them. Thrown: the decode
// worker's text for a failed llama_decode (llama/addon/AddonContext.cpp), the KV-slot one (code 1),
// and vk::SystemError's text. Logged through the log callback (GGML_LOG_ERROR / LLAMA_LOG_ERROR):
// ggml-cuda.cu's cudaMalloc failure, ggml-alloc.c's compute buffer failure (the Vulkan backend returns
// no buffer; its own "Device memory allocation … failed" goes to std::cerr, not the log),
// llama-context.cpp's process_ubatch and llama_decode (-2 = GGML_STATUS_ALLOC_FAILED).
const EVAL_FAILED = new AppError('PROVIDER_ERROR', 'llama.cpp failed: Eval has failed');
const KV_SLOT = new Error('could not find a KV slot for the batch (try reducing the size of the batch or increase the context)');
const CUDA_OOM = new Error('ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1024.00 MiB on device 0: cudaMalloc failed: out of memory');
const VULKAN_OOM = new Error('vk::Device::allocateMemory: ErrorOutOfDeviceMemory');
const LOGGED = [
  'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1024.00 MiB on device 0: cudaMalloc failed: out of memory',
  'ggml_gallocr_reserve_n_impl: failed to allocate Vulkan0 buffer of size 1073741824',
  'process_ubatch: failed to allocate graph',
  'llama_decode: failed to decode, ret = -2',
];

interface FakeEngine {
  id: number;
  gpuLayers: number;
}

const base = { outOfMemory: true, aborted: false, disposed: false, gpuLayers: 41, totalLayers: 41, streamed: false, retried: false };

describe('recognising a reply that ran out of GPU memory', () => {
  it('takes the backends’ own messages at their word', async () => {
    await expect(ranOutOfMemory(CUDA_OOM, outOfMemoryLogMark())).resolves.toBe(true);
    await expect(ranOutOfMemory(VULKAN_OOM, outOfMemoryLogMark())).resolves.toBe(true);
    await expect(ranOutOfMemory(KV_SLOT, outOfMemoryLogMark())).resolves.toBe(false);
  });
  it('counts the bare "Eval has failed" as out of memory only when llama.cpp logged so since the call began', async () => {
    for (const line of LOGGED) {
      const mark = outOfMemoryLogMark();
      noteLlamaLog(line);
      await expect(ranOutOfMemory(EVAL_FAILED, mark)).resolves.toBe(true);
    }
    const mark = outOfMemoryLogMark();
    noteLlamaLog('llama_decode: failed to decode, ret = -3');
    await expect(ranOutOfMemory(EVAL_FAILED, mark, 1)).resolves.toBe(false);
  });
  it('waits briefly for a log line that arrives after the rejection', async () => {
    const mark = outOfMemoryLogMark();
    setTimeout(() => noteLlamaLog(LOGGED[3]!), 5);
    await expect(ranOutOfMemory(EVAL_FAILED, mark, 200)).resolves.toBe(true);
  });
});

describe('recoveryFor', () => {
  it('steps down gpuFallback’s ladder (half, a quarter of the model’s layers, none) from the layers in use', () => {
    expect(recoveryFor(base)).toEqual({ layers: 20, retry: true });
    expect(recoveryFor({ ...base, gpuLayers: 30 })).toEqual({ layers: 20, retry: true });
    expect(recoveryFor({ ...base, gpuLayers: 20 })).toEqual({ layers: 10, retry: true });
    expect(recoveryFor({ ...base, gpuLayers: 10 })).toEqual({ layers: 0, retry: true });
    expect(recoveryFor({ ...base, gpuLayers: 8, totalLayers: null })).toEqual({ layers: 4, retry: true });
  });
  it('runs the request again only when nothing was shown and it was not run again already', () => {
    expect(recoveryFor({ ...base, streamed: true })).toEqual({ layers: 20, retry: false });
    expect(recoveryFor({ ...base, retried: true })).toEqual({ layers: 20, retry: false });
  });
  it('leaves other failures, the CPU, a cancelled call and an unloaded model alone', () => {
    expect(recoveryFor({ ...base, outOfMemory: false })).toBeNull();
    expect(recoveryFor({ ...base, gpuLayers: 0 })).toBeNull();
    expect(recoveryFor({ ...base, aborted: true })).toBeNull();
    expect(recoveryFor({ ...base, disposed: true })).toBeNull();
  });
});

/** A provider in miniature: engines that fail while `failOn` says so, a shared EngineReloads. */
function fakeProvider(failOn: (engine: FakeEngine, call: string) => boolean, opts: { disposed?: () => boolean } = {}) {
  let current: Promise<FakeEngine> = Promise.resolve({ id: 1, gpuLayers: 41 });
  const loads: number[] = [];
  const reloads = new EngineReloads<FakeEngine>({
    drain: async () => undefined,
    load: async (layers) => {
      loads.push(layers);
      return { id: loads.length + 1, gpuLayers: layers };
    },
    install: (next) => {
      current = next;
    },
  });
  const shown: string[] = [];
  const run = (call: string, signal = new AbortController().signal, streamFirst = false) =>
    withGpuRecovery<FakeEngine, string>(
      async (attempt: Attempt<FakeEngine>) => {
        const engine = await current;
        attempt.engine = engine;
        // A call queued behind another on its sequence starts later (the provider's slot queue).
        if (call.startsWith('queued')) await new Promise((resolve) => setTimeout(resolve, 20));
        if (reloads.retired(engine)) throw new EngineRetired();
        const say = markingStreamed({ onDelta: (d: { text?: string }) => shown.push(`${call}:${d.text}`) }, attempt).onDelta;
        if (streamFirst) say({ text: 'Sure, ' });
        if (failOn(engine, call)) throw EVAL_FAILED;
        return `${call} on ${engine.gpuLayers} layers`;
      },
      {
        signal,
        disposed: opts.disposed ?? (() => false),
        placementOf: (e) => ({ gpuLayers: e.gpuLayers, totalLayers: 41 }),
        reload: async (e, layers, reason) => ({ gpuLayers: (await reloads.reload(e, layers, reason)).gpuLayers, totalLayers: 41 }),
        logger: silentLogger,
      },
    );
  return { run, loads, shown, reloads, engine: () => current };
}

/** Every failing decode in these tests logs what llama.cpp logs on an allocation failure. */
const failing = (when: (e: FakeEngine, call: string) => boolean) => (e: FakeEngine, call: string) => {
  const fails = when(e, call);
  if (fails) noteLlamaLog('llama_decode: failed to decode, ret = -2');
  return fails;
};

describe('withGpuRecovery', () => {
  it('reloads with half the layers and runs the request again when nothing was streamed: the turn goes on', async () => {
    const p = fakeProvider(failing((e) => e.gpuLayers > 20));
    await expect(p.run('a')).resolves.toBe('a on 20 layers');
    expect(p.loads).toEqual([20]);
  });
  it('fails a call that had streamed text, saying the model was reloaded and to send again, and never repeats the text', async () => {
    const p = fakeProvider(failing((e) => e.gpuLayers > 20));
    const error = await p.run('a', undefined, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('The GPU ran out of memory while writing this reply; the model was reloaded with 20 of 41 layers on the GPU. Send the message again.');
    expect(p.shown).toEqual(['a:Sure, ']);
    expect(p.loads).toEqual([20]);
  });
  it('runs a request again once only: out of memory again reloads with fewer layers and says to send again', async () => {
    const p = fakeProvider(failing((e) => e.gpuLayers > 10));
    await expect(p.run('a')).rejects.toThrow('reloaded with 10 of 41 layers on the GPU. Send the message again.');
    expect(p.loads).toEqual([20, 10]);
    await expect(p.run('b')).resolves.toBe('b on 10 layers');
  });
  it('ends on the CPU, where running out of memory is an ordinary failure', async () => {
    const p = fakeProvider(failing(() => true));
    await expect(p.run('a')).rejects.toThrow('reloaded with 10 of 41 layers on the GPU. Send the message again.');
    // Reloaded on the CPU and run again there: failing on the CPU too is thrown as it is.
    await expect(p.run('b')).rejects.toBe(EVAL_FAILED);
    await expect(p.run('c')).rejects.toBe(EVAL_FAILED);
    expect(p.loads).toEqual([20, 10, 0]);
  });
  it('shares one reload among the calls that failed on the same model, and runs queued ones on the new one', async () => {
    const p = fakeProvider(failing((e) => e.gpuLayers > 20));
    const results = await Promise.allSettled([p.run('a'), p.run('b', undefined, true), p.run('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a on 20 layers',
      expect.stringContaining('Send the message again.'),
      'c on 20 layers',
    ]);
    expect(p.loads).toEqual([20]);
  });
  it('runs a call queued on the replaced model on the reloaded one, without counting that as its rerun', async () => {
    let queuedFailures = 0;
    // 'queued' fails once on the reloaded model too: it still gets its one rerun after that.
    const p = fakeProvider(failing((e, call) => e.gpuLayers > 20 || (call === 'queued' && queuedFailures++ === 0)));
    const [a, queued] = await Promise.allSettled([p.run('a'), p.run('queued')]);
    expect(a).toMatchObject({ status: 'fulfilled', value: 'a on 20 layers' });
    expect(queued).toMatchObject({ status: 'fulfilled', value: 'queued on 10 layers' });
    // Had it run on the replaced model, its failure there would have used up its rerun and this one would say "send again".
    expect(queuedFailures).toBe(2);
    expect(p.loads).toEqual([20, 10]);
  });
  it('leaves other failures and an unloaded model alone', async () => {
    const p = fakeProvider(() => true);
    await expect(p.run('a')).rejects.toBe(EVAL_FAILED); // no out-of-memory line logged
    const gone = fakeProvider(
      failing(() => true),
      { disposed: () => true },
    );
    await expect(gone.run('a')).rejects.toBe(EVAL_FAILED);
    expect([...p.loads, ...gone.loads]).toEqual([]);
  });
  it('lets cancellation win: a cancelled call stops waiting for the reload, which goes on for the others', async () => {
    let finishDrain = () => undefined as void;
    const loads: number[] = [];
    const reloads = new EngineReloads<FakeEngine>({
      drain: () => new Promise<void>((resolve) => (finishDrain = resolve)),
      load: async (layers) => (loads.push(layers), { id: 2, gpuLayers: layers }),
      install: () => undefined,
    });
    const old = { id: 1, gpuLayers: 41 };
    const controller = new AbortController();
    const call = withGpuRecovery<FakeEngine, string>(
      async (attempt) => {
        attempt.engine = old;
        throw CUDA_OOM;
      },
      {
        signal: controller.signal,
        disposed: () => false,
        placementOf: (e) => ({ gpuLayers: e.gpuLayers, totalLayers: 41 }),
        reload: async (e, l, r) => ({ gpuLayers: (await reloads.reload(e, l, r)).gpuLayers, totalLayers: 41 }),
        logger: silentLogger,
      },
    );
    await expect.poll(() => reloads.retired(old)).toBe(true);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    finishDrain();
    await expect(reloads.reload(old, 20, 'again')).resolves.toEqual({ id: 2, gpuLayers: 20 });
    expect(loads).toEqual([20]);
  });
});
