import { describe, expect, it } from 'vitest';
import { diagnose, type DoctorFacts } from './diagnose.js';
import { formatDoctor } from './format.js';

const healthy: DoctorFacts = {
  version: '0.1.0',
  platform: 'linux',
  cpu: { model: 'x', cores: 8, threads: 7, isa: 'avx2', memoryBandwidthGBs: 20 },
  memory: { ramBytes: 32 * 2 ** 30, freeRamBytes: 20 * 2 ** 30 },
  gpus: [],
  llama: { installed: ['cpu', 'vulkan'], inUse: 'cpu', reason: 'No GPU found: the CPU runs the model.', available: true, message: null },
  sandbox: { available: true, kind: 'bubblewrap', warning: null },
  interpreters: [{ language: 'python', available: true, version: 'Python 3.11', missing: [] }],
  whisper: { available: true, message: null },
  router: { available: true, message: null },
  provider: { kind: 'llama', model: 'qwen3-4b-q4' },
  speeds: [{ model: '/m/qwen3-4b.gguf', generation: 25, promptReading: 300, engine: 'cpu', samples: 2 }],
  placements: [],
};
const nvidiaOld = { name: 'NVIDIA GeForce GTX 1080', vendor: 'nvidia', driver: '470.223.02', vramBytes: 8 * 2 ** 30, freeVramBytes: 7 * 2 ** 30 };

describe('diagnose', () => {
  it('finds nothing wrong on a healthy machine', () => {
    expect(diagnose(healthy)).toEqual([]);
  });
  it('says why a GPU is unused, with what to do', () => {
    const problems = diagnose({ ...healthy, gpus: [nvidiaOld], llama: { ...healthy.llama, installed: ['cpu'], reason: 'driver 470.223.02 is older than 525.60.13' } });
    expect(problems.map((p) => p.what)).toEqual([
      'NVIDIA GeForce GTX 1080 was found but the model runs on the CPU: driver 470.223.02 is older than 525.60.13',
      'NVIDIA GeForce GTX 1080 was found but no GPU build of llama.cpp is installed here.',
    ]);
    expect(problems[0]!.fix).toContain('Update the GPU driver');
  });
  it('offers the CUDA download on an NVIDIA GPU whose driver is recent enough, and not once it is installed', () => {
    const rtx = { ...nvidiaOld, name: 'NVIDIA GeForce RTX 4090', driver: '550.54.14' };
    const vulkan = diagnose({ ...healthy, gpus: [rtx], llama: { ...healthy.llama, inUse: 'vulkan', reason: 'the CUDA build is not installed' } });
    expect(vulkan).toEqual([
      {
        severity: 'info',
        what: "NVIDIA GeForce RTX 4090 can run the model with llama.cpp's CUDA build, which is not installed.",
        fix: 'Download it in Settings → About this computer, or run `agentic engines get cuda`.',
      },
    ]);
    expect(diagnose({ ...healthy, gpus: [rtx], llama: { ...healthy.llama, installed: ['cpu', 'vulkan', 'cuda'], inUse: 'cuda' } })).toEqual([]);
    // An old driver cannot run CUDA 12: no offer (the driver update is what the doctor asks for).
    expect(diagnose({ ...healthy, gpus: [nvidiaOld], llama: { ...healthy.llama, inUse: 'vulkan' } }).some((p) => p.what.includes('CUDA'))).toBe(false);
  });
  it('reports a missing sandbox, interpreter, router, whisper and a slow model, each with a fix', () => {
    const problems = diagnose({
      ...healthy,
      sandbox: { available: false, kind: 'none', warning: 'bubblewrap (bwrap) is not installed' },
      interpreters: [{ language: 'go', available: false, version: null, missing: ['go'] }],
      router: { available: false, message: 'The request router is unavailable' },
      whisper: { available: false, message: 'Speech-to-text is unavailable' },
      speeds: [{ model: '/m/qwen3-14b.gguf', generation: 1.1, promptReading: 8, engine: 'cpu', samples: 5 }],
    });
    expect(problems.map((p) => p.severity)).toEqual(['error', 'info', 'warning', 'warning', 'warning']);
    expect(problems[0]!.fix).toContain('apt install bubblewrap');
    expect(problems[1]).toMatchObject({ what: 'go blocks cannot run: go missing.', fix: 'Install go and restart the app.' });
    expect(problems[4]!.what).toContain('writes about 1 token/s here');
  });
  it("warns when networked blocks share the host's loopback (no slirp4netns), and only then", () => {
    const open = diagnose({ ...healthy, sandbox: { available: true, kind: 'bubblewrap', warning: null, loopbackClosed: false } });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severity: 'warning' });
    expect(open[0]!.what).toContain('127.0.0.1');
    expect(open[0]!.fix).toContain('apt install slirp4netns');
    expect(diagnose({ ...healthy, sandbox: { available: true, kind: 'bubblewrap', warning: null, loopbackClosed: true } })).toEqual([]);
  });
  it('reports an embedded engine that does not load as an error', () => {
    const problems = diagnose({ ...healthy, llama: { ...healthy.llama, inUse: null, available: false, message: 'no prebuilt binary' } });
    expect(problems[0]).toMatchObject({ severity: 'error', what: 'no prebuilt binary' });
  });
  it('says when the GPU ran out of memory and fewer layers run than fitted, in the problems and beside the placement', () => {
    const note = 'The GPU ran out of memory with the fitted layers; running with 20 of 41 layers.';
    const placed = {
      model: '/m/qwen3-14b.gguf',
      engine: 'cuda',
      gpuLayers: 20,
      totalLayers: 41,
      contextSize: 8192,
      line: 'GPU: 20/41 layers, 8,192 tokens',
      at: '2026-12-08T00:00:00.000Z',
    };
    const facts = { ...healthy, placements: [{ ...placed, note }] };
    const problems = diagnose(facts);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'warning', what: `/m/qwen3-14b.gguf: ${note}` });
    expect(problems[0]!.fix).toContain('Close other programs that use the GPU');
    expect(formatDoctor({ ...facts, problems })).toContain(`Loaded     /m/qwen3-14b.gguf: GPU: 20/41 layers, 8,192 tokens (cuda, 2026-12-08 00:00)\n           ${note}`);
    expect(diagnose({ ...healthy, placements: [placed] })).toEqual([]);
  });
});
