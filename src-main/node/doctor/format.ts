// The doctor's report as text for a terminal (and the start-up log's one-line summary).
import type { DoctorReport } from '../../common/doctor.js';
import { formatSpeed } from '../../common/models.js';

const gb = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 2 ** 30).toFixed(1)} GB`);
const state = (a: { available: boolean | null; message: string | null }) =>
  a.available === true ? 'works' : a.available === false ? `unavailable: ${a.message ?? ''}` : (a.message ?? 'unknown');

export function formatDoctor(r: DoctorReport): string {
  const lines = [
    `Agentic ${r.version} on ${r.platform}`,
    `CPU        ${r.cpu.model}, ${r.cpu.cores} cores (${r.cpu.threads} for the model), ${r.cpu.isa}, memory copy ${r.cpu.memoryBandwidthGBs ?? '?'} GB/s`,
    `RAM        ${gb(r.memory.ramBytes)} (${gb(r.memory.freeRamBytes)} free)`,
    ...(r.gpus.length === 0
      ? ['GPU        none found']
      : r.gpus.map((g) => `GPU        ${g.name}${g.driver ? `, driver ${g.driver}` : ''}${g.vramBytes !== null ? `, ${gb(g.vramBytes)} VRAM (${gb(g.freeVramBytes)} free)` : ''}`)),
    `llama.cpp  builds installed: ${r.llama.installed.join(', ') || 'none'}; in use: ${r.llama.inUse ?? state(r.llama)}`,
    ...(r.llama.reason ? [`           ${r.llama.reason}`] : []),
    `Model      ${r.provider.kind}${r.provider.model ? ` ${r.provider.model}` : ''}`,
    ...r.speeds.map(
      (s) => `Speed      ${s.model}: writes ${formatSpeed(s.generation)}, reads ${s.promptReading === null ? '?' : formatSpeed(s.promptReading)} (${s.engine}, ${s.samples} calls)`,
    ),
    ...r.placements.flatMap((p) => [`Loaded     ${p.model}: ${p.line} (${p.engine}, ${p.at.slice(0, 16).replace('T', ' ')})`, ...(p.note ? [`           ${p.note}`] : [])]),
    `Sandbox    ${r.sandbox.available ? r.sandbox.kind : `none (${r.sandbox.warning ?? ''})`}`,
    `Languages  ${r.interpreters.map((i) => (i.available ? (i.version ?? i.language) : `${i.language}: missing`)).join('; ')}`,
    `Router     ${state(r.router)}`,
    `Whisper    ${state(r.whisper)}${r.whisper.engine ? ` on ${r.whisper.engine === 'vulkan' ? 'Vulkan (GPU)' : 'the CPU'}` : ''}`,
    ...(r.whisper.reason ? [`           ${r.whisper.reason}`] : []),
    '',
    r.problems.length === 0 ? 'No problems found.' : `${r.problems.length} problem(s):`,
    ...r.problems.map((p) => `  [${p.severity}] ${p.what}\n          → ${p.fix}`),
  ];
  return lines.join('\n');
}
