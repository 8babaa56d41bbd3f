// What `agentic doctor` and Settings → About this computer report: what runs where on this machine,
// and what to do about each problem found.
import { z } from 'zod';
import { PlacementSchema } from './placement.js';

const Availability = z.object({ available: z.boolean().nullable(), message: z.string().nullable() });

export const DoctorProblemSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  /** What is wrong, in words for the user. */
  what: z.string(),
  /** What to do about it. */
  fix: z.string(),
});
export type DoctorProblem = z.infer<typeof DoctorProblemSchema>;

export const DoctorReportSchema = z.object({
  version: z.string(),
  platform: z.string(),
  cpu: z.object({ model: z.string(), cores: z.number().int(), threads: z.number().int(), isa: z.string(), memoryBandwidthGBs: z.number().nullable() }),
  memory: z.object({ ramBytes: z.number(), freeRamBytes: z.number() }),
  gpus: z.array(z.object({ name: z.string(), vendor: z.string(), driver: z.string().nullable(), vramBytes: z.number().nullable(), freeVramBytes: z.number().nullable() })),
  llama: z.object({
    /** node-llama-cpp builds present here: cpu, vulkan, cuda, metal. */
    installed: z.array(z.string()),
    /** The build the embedded model runs on now; null before it was first needed. */
    inUse: z.string().nullable(),
    /** Why that build (the selection's reasons, fallbacks included). */
    reason: z.string().nullable(),
    available: z.boolean().nullable(),
    message: z.string().nullable(),
  }),
  /** loopbackClosed (bubblewrap): whether a networked block has its own network namespace without the host's loopback (slirp4netns). */
  sandbox: z.object({ available: z.boolean(), kind: z.string(), warning: z.string().nullable(), loopbackClosed: z.boolean().optional() }),
  interpreters: z.array(z.object({ language: z.string(), available: z.boolean(), version: z.string().nullable(), missing: z.array(z.string()) })),
  /** engine: what speech-to-text runs on ('cpu' or 'vulkan'), reason: why (fallbacks included); absent before a model loaded. */
  whisper: Availability.extend({ engine: z.string().nullable().optional(), reason: z.string().nullable().optional() }),
  router: Availability,
  provider: z.object({ kind: z.string(), model: z.string() }),
  /** Measured speeds by model file (tokens a second). */
  speeds: z.array(z.object({ model: z.string(), generation: z.number(), promptReading: z.number().nullable(), engine: z.string(), samples: z.number() })),
  /** Where each model last ran, as node-llama-cpp loaded it: "GPU: 41/41 layers, 8,192 tokens" (issue 27). */
  placements: z.array(PlacementSchema.extend({ model: z.string(), line: z.string(), at: z.string() })).default([]),
  problems: z.array(DoctorProblemSchema),
});
export type DoctorReport = z.infer<typeof DoctorReportSchema>;
