// The doctor's judgement: from the facts gathered (collect.ts), each problem with what to do about it.
// Pure, so every rule is tested over recorded facts.
import { formatSpeed, USABLE_GENERATION_TPS } from '../../common/models.js';
import type { DoctorProblem, DoctorReport } from '../../common/doctor.js';
import { MIN_CUDA_DRIVER, versionAtLeast } from '../llm/engineSelect.js';

export type DoctorFacts = Omit<DoctorReport, 'problems'>;

/** The GPU ran out of memory on load or during a reply, so fewer layers run than fitted (gpuFallback.ts). */
function outOfGpuMemory(f: DoctorFacts): DoctorProblem[] {
  return f.placements.flatMap((p) =>
    p.note
      ? [
          {
            severity: 'warning' as const,
            what: `${p.model}: ${p.note}`,
            fix: 'Close other programs that use the GPU (the next start fits the layers to the memory free then), or choose a smaller model or context (Settings → Model).',
          },
        ]
      : [],
  );
}

export function diagnose(f: DoctorFacts): DoctorProblem[] {
  const problems: DoctorProblem[] = [];
  const add = (severity: DoctorProblem['severity'], what: string, fix: string) => problems.push({ severity, what, fix });
  if (f.llama.available === false)
    add('error', f.llama.message ?? 'The embedded model engine (llama.cpp) does not load here.', 'Use a model server (Ollama, LM Studio) or a cloud provider in Settings → Model.');
  const nvidia = f.gpus.find((g) => g.vendor === 'nvidia');
  const gpu = f.gpus[0];
  if (f.llama.inUse === 'cpu' && gpu && f.platform !== 'darwin') {
    const fix =
      nvidia && !f.llama.installed.includes('cuda') && f.llama.installed.includes('vulkan')
        ? 'Vulkan should run it; see the reason above.'
        : 'Update the GPU driver, or pin another build in Settings → Model.';
    add('warning', `${gpu.name} was found but the model runs on the CPU${f.llama.reason ? `: ${f.llama.reason}` : '.'}`, fix);
  }
  // The CUDA build is a download (issue 27): offered where an NVIDIA driver is recent enough for it.
  const minDriver = f.platform === 'win32' ? MIN_CUDA_DRIVER.win32 : MIN_CUDA_DRIVER.linux;
  if (nvidia?.driver && (f.platform === 'linux' || f.platform === 'win32') && versionAtLeast(nvidia.driver, minDriver) && !f.llama.installed.includes('cuda'))
    add(
      'info',
      `${nvidia.name} can run the model with llama.cpp's CUDA build, which is not installed.`,
      'Download it in Settings → About this computer, or run `agentic engines get cuda`.',
    );
  if (gpu && !f.llama.installed.some((b) => b !== 'cpu'))
    add('warning', `${gpu.name} was found but no GPU build of llama.cpp is installed here.`, 'Install the release for your platform, which carries the Vulkan build.');
  if (!f.sandbox.available) {
    add(
      'error',
      f.sandbox.warning ?? 'No sandbox: code blocks would run with your full rights.',
      f.platform === 'linux'
        ? 'Install bubblewrap (Debian/Ubuntu: sudo apt install bubblewrap) and allow unprivileged user namespaces.'
        : 'Code blocks need the system sandbox; see the README.',
    );
  }
  if (f.sandbox.available && f.sandbox.loopbackClosed === false)
    add(
      'warning',
      "Code blocks with the network on share this machine's network: services listening on its loopback (127.0.0.1, such as an Ollama or Docker API) are reachable from them.",
      'Install slirp4netns (Debian/Ubuntu: sudo apt install slirp4netns) so that each networked block gets a network of its own, or turn the block network off in Settings → Sandbox.',
    );
  for (const i of f.interpreters.filter((t) => !t.available))
    add('info', `${i.language} blocks cannot run: ${i.missing.join(', ') || 'not found'} missing.`, `Install ${i.missing[0] ?? i.language} and restart the app.`);
  if (f.router.available === false)
    add('warning', f.router.message ?? 'The request router does not load here.', 'Pick the agent yourself in the agent picker; requests on "auto" go to the casual agent.');
  if (f.whisper.available === false)
    add('warning', f.whisper.message ?? 'Speech-to-text (whisper) does not load here.', 'Type your requests; voice input is unavailable on this machine.');
  for (const s of f.speeds.filter((x) => x.generation < USABLE_GENERATION_TPS)) {
    add(
      'warning',
      `${s.model} writes ${formatSpeed(s.generation)} here (measured on ${s.engine}): an agent step takes long at that speed.`,
      'Choose a smaller model (Settings → Models shows the expected speed of each).',
    );
  }
  problems.push(...outOfGpuMemory(f));
  if (f.memory.freeRamBytes < 2 * 2 ** 30)
    add('info', `Only ${(f.memory.freeRamBytes / 2 ** 30).toFixed(1)} GB of RAM is free.`, 'Close other programs or choose a smaller model.');
  return problems;
}
