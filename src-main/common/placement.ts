// Where the embedded model runs, as node-llama-cpp loaded it: the header's and the doctor's
// "GPU: 41/41 layers, 8,192 tokens" or "CPU · 8,192 tokens".
import { z } from 'zod';

export const PlacementSchema = z.object({
  /** The llama.cpp build in use: cpu, cuda, vulkan, metal. */
  engine: z.string(),
  /** Layers node-llama-cpp offloaded to the GPU (0 on the CPU build). */
  gpuLayers: z.number().int().min(0),
  /** The model's layers (blocks + output), from its GGUF header; null when unreadable. */
  totalLayers: z.number().int().positive().nullable(),
  /** The context's size in tokens. */
  contextSize: z.number().int().positive(),
  /**
   * Why fewer layers run than node-llama-cpp fitted (the GPU ran out of memory on load or while
   * writing a reply, gpuFallback.ts); absent on an ordinary load, and in placements kept before it.
   */
  note: z.string().optional(),
});
export type Placement = z.infer<typeof PlacementSchema>;

const tokens = (n: number) => `${n.toLocaleString('en-US')} tokens`;

export function placementLine(p: Placement): string {
  if (p.engine === 'cpu' || p.gpuLayers === 0) return `CPU · ${tokens(p.contextSize)}`;
  return `GPU: ${p.gpuLayers}/${p.totalLayers ?? '?'} layers, ${tokens(p.contextSize)}`;
}
