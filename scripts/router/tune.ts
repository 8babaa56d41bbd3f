// Development aid: compares hyperparameters on a validation split carved out of the training split
// (the held-out test split is never looked at here). `npx tsx scripts/router/tune.ts [--data DIR]`
import { resolve } from 'node:path';
import { COMPLEXITIES } from '../../src-main/common/agents.js';
import { DEFAULT_FEATURIZER_CONFIG, featurize, type FeaturizerConfig } from '../../src-main/core/routing/featurizer.js';
import { ROUTER_AGENT_LABELS } from '../../src-main/core/routing/policy.js';
import { loadDataset, splitDataset, SPLIT_DEFAULTS, type Example } from './dataset.js';
import { forwardEnsemble, quantize } from './ensemble.js';
import { argmax } from './model.js';
import { argValue, DEFAULT_DATA_DIR, HYPERPARAMETERS } from './train.js';
import { trainMembers } from './members.js';

const args = process.argv.slice(2);
const { examples } = loadDataset(resolve(argValue(args, '--data') ?? DEFAULT_DATA_DIR));
const { train: trainPart } = splitDataset(examples, SPLIT_DEFAULTS);
const { train: fit, test: validation } = splitDataset(trainPart, { ...SPLIT_DEFAULTS, seed: 'router-validation-v1' });
const agents = [...ROUTER_AGENT_LABELS];

async function score(hp: typeof HYPERPARAMETERS, config: FeaturizerConfig): Promise<string> {
  const toItem = (e: Example) => ({ features: featurize(e.text, config), agent: agents.indexOf(e.agent), complexity: COMPLEXITIES.indexOf(e.complexity) });
  const items = fit.map(toItem);
  const started = performance.now();
  const dims = { buckets: config.buckets, dim: hp.dim, hidden: hp.hidden, agents: agents.length, complexities: 2 };
  const { members: count, ...options } = hp;
  const seeds = Array.from({ length: count }, (_, k) => 1 + k);
  const members = quantize(await trainMembers(items, dims, options, seeds, () => {}));
  let agentOk = 0;
  let complexityOk = 0;
  let finalOk = 0;
  for (const e of validation) {
    const item = toItem(e);
    const out = forwardEnsemble(members, item.features);
    const a = argmax(out.agent);
    const c = argmax(out.complexity);
    agentOk += a === item.agent ? 1 : 0;
    complexityOk += c === item.complexity ? 1 : 0;
    const truth = item.complexity === 1 ? 'planner' : e.agent;
    finalOk += (c === 1 ? 'planner' : agents[a]) === truth ? 1 : 0;
  }
  const pct = (n: number) => ((100 * n) / validation.length).toFixed(1);
  return `agent ${pct(agentOk)} complexity ${pct(complexityOk)} final ${pct(finalOk)} (${((performance.now() - started) / 1000).toFixed(1)} s)`;
}

console.log(`fit ${fit.length}, validation ${validation.length}`);
const variants: Array<[string, Partial<typeof HYPERPARAMETERS>, Partial<FeaturizerConfig>]> = JSON.parse(argValue(args, '--variants') ?? '[["base", {}, {}]]');
for (const [name, hp, fz] of variants) {
  console.log(name.padEnd(24), await score({ ...HYPERPARAMETERS, ...hp }, { ...DEFAULT_FEATURIZER_CONFIG, ...fz }));
}
