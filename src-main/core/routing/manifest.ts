// featurizer.json: everything besides the weights that inference needs to reproduce training —
// the featurizer's settings, the order of the model's output labels, and where the model came from.
import { z } from 'zod';
import { COMPLEXITIES } from '../../common/agents.js';
import { FeaturizerConfigSchema } from './featurizer.js';
import { ROUTER_AGENT_LABELS } from './policy.js';

export const ROUTER_MODEL_FILE = 'router.onnx';
export const ROUTER_MANIFEST_FILE = 'featurizer.json';

/** Names of the ONNX graph's inputs and outputs. */
export const ROUTER_IO = {
  ids: 'ids',
  weights: 'weights',
  agentProbs: 'agent_probs',
  complexityProbs: 'complexity_probs',
} as const;

export const RouterManifestSchema = z.object({
  featurizer: FeaturizerConfigSchema,
  labels: z.object({
    /** Order of the agent head's outputs; every one is an agent that exists. */
    agent: z.array(z.enum(ROUTER_AGENT_LABELS)).min(2),
    complexity: z.array(z.enum(COMPLEXITIES)).length(2),
  }),
  model: z.object({
    embeddingDim: z.number().int().positive(),
    hidden: z.number().int().positive(),
    parameters: z.number().int().positive(),
    /** Members of the ensemble whose probabilities the model averages. */
    members: z.number().int().positive().default(1),
    /** How the embedding tables are stored in the file. */
    embedding: z.enum(['float32', 'int8-row']).default('float32'),
  }),
  training: z.record(z.unknown()).optional(),
});
export type RouterManifest = z.infer<typeof RouterManifestSchema>;
