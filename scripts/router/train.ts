// `npm run train:router`: trains the router on resources/router/data and writes
// resources/router/router.onnx and featurizer.json. Deterministic: same data + seed → same bytes.
//   --data DIR   the JSON-lines data set (default resources/router/data)
//   --out DIR    where the model goes (default resources/router)
//   --seed N     training seed (default 20261130)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPLEXITIES } from '../../src-main/common/agents.js';
import { DEFAULT_FEATURIZER_CONFIG, featurize, type FeaturizerConfig } from '../../src-main/core/routing/featurizer.js';
import { ROUTER_MANIFEST_FILE, ROUTER_MODEL_FILE, type RouterManifest } from '../../src-main/core/routing/manifest.js';
import { ROUTER_AGENT_LABELS } from '../../src-main/core/routing/policy.js';
import { loadDataset, splitDataset, SPLIT_DEFAULTS, type Example } from './dataset.js';
import { forwardEnsemble, quantize } from './ensemble.js';
import { argmax, parameterCount, type ModelDims } from './model.js';
import { buildOnnxModel } from './onnx.js';
import { trainMembers } from './members.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, 'resources/router/data');
export const DEFAULT_OUT_DIR = join(REPO_ROOT, 'resources/router');

export const DEFAULT_SEED = 20261130;

export const HYPERPARAMETERS = {
  /** Models trained from different seeds whose probabilities are averaged (ensemble.ts). */
  members: 2,
  dim: 16,
  hidden: 48,
  epochs: 8,
  batchSize: 16,
  learningRate: 0.01,
  featureDropout: 0.35,
  complexityWeight: 1,
  highAgentWeight: 1,
  weightDecay: 0,
  embeddingScale: 0.1,
  attentionRate: 1,
};

export function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export interface TrainRouterOptions {
  dataDir: string;
  outDir: string;
  seed: number;
  hyperparameters?: Partial<typeof HYPERPARAMETERS>;
  featurizer?: Partial<FeaturizerConfig>;
  log?: (line: string) => void;
}

export interface TrainRouterResult {
  modelBytes: number;
  parameters: number;
  trainExamples: number;
  heldOutExamples: number;
  /** Held-out accuracy of the in-memory model (reference forward pass). */
  heldOut: { agent: number; complexity: number };
  seconds: number;
}

export async function trainRouter(opts: TrainRouterOptions): Promise<TrainRouterResult> {
  const log = opts.log ?? (() => {});
  const hp = { ...HYPERPARAMETERS, ...opts.hyperparameters };
  const config: FeaturizerConfig = { ...DEFAULT_FEATURIZER_CONFIG, ...opts.featurizer };
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;

  const { examples, files } = loadDataset(opts.dataDir);
  const split = splitDataset(examples, SPLIT_DEFAULTS);
  log(`data: ${examples.length} examples in ${files.length} files, ${split.groups} groups; train ${split.train.length}, held-out ${split.test.length}`);

  const agentLabels = [...ROUTER_AGENT_LABELS];
  const complexityLabels = [...COMPLEXITIES];
  const toItem = (e: Example) => ({
    features: featurize(e.text, config),
    agent: agentLabels.indexOf(e.agent),
    complexity: complexityLabels.indexOf(e.complexity),
  });
  const dims: ModelDims = { buckets: config.buckets, dim: hp.dim, hidden: hp.hidden, agents: agentLabels.length, complexities: complexityLabels.length };
  const items = split.train.map(toItem);
  const seeds = Array.from({ length: hp.members }, (_, k) => opts.seed + k);
  const { members: _members, ...trainOptions } = hp;
  const trained = await trainMembers(items, dims, trainOptions, seeds, (member, epoch, loss) =>
    log(`member ${member + 1}/${hp.members}, epoch ${epoch + 1}/${hp.epochs}: loss ${loss.toFixed(4)} (${elapsed().toFixed(1)} s)`),
  );
  const members = quantize(trained); // as the exported file computes

  const held = split.test.map(toItem);
  const share = (hit: (i: (typeof held)[number]) => boolean) => (held.length ? held.filter(hit).length / held.length : NaN);
  const heldOut = {
    agent: share((i) => argmax(forwardEnsemble(members, i.features).agent) === i.agent),
    complexity: share((i) => argmax(forwardEnsemble(members, i.features).complexity) === i.complexity),
  };
  log(`held-out (reference forward): agent ${(heldOut.agent * 100).toFixed(1)} %, complexity ${(heldOut.complexity * 100).toFixed(1)} %`);

  const parameters = hp.members * parameterCount(dims);
  const manifest: RouterManifest = {
    featurizer: config,
    labels: { agent: agentLabels, complexity: complexityLabels },
    model: { embeddingDim: dims.dim, hidden: dims.hidden, parameters, members: hp.members, embedding: 'int8-row' },
    training: { seed: opts.seed, ...hp, split: SPLIT_DEFAULTS, trainExamples: split.train.length, heldOutExamples: split.test.length, files },
  };
  const onnxBytes = buildOnnxModel(trained, { agent_labels: JSON.stringify(agentLabels), complexity_labels: JSON.stringify(complexityLabels) });
  mkdirSync(opts.outDir, { recursive: true });
  writeFileSync(join(opts.outDir, ROUTER_MODEL_FILE), onnxBytes);
  writeFileSync(join(opts.outDir, ROUTER_MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  log(
    `wrote ${join(opts.outDir, ROUTER_MODEL_FILE)} (${(onnxBytes.length / 1e6).toFixed(2)} MB, ${parameters} parameters) and ${ROUTER_MANIFEST_FILE} in ${elapsed().toFixed(1)} s`,
  );
  return { modelBytes: onnxBytes.length, parameters, trainExamples: split.train.length, heldOutExamples: split.test.length, heldOut, seconds: elapsed() };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  await trainRouter({
    dataDir: resolve(argValue(args, '--data') ?? DEFAULT_DATA_DIR),
    outDir: resolve(argValue(args, '--out') ?? DEFAULT_OUT_DIR),
    seed: Number(argValue(args, '--seed') ?? DEFAULT_SEED),
    log: (line) => console.log(line),
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
