// Router: decision latency over the held-out split (single-threaded), model size and parameters,
// accuracy; baselines measured in the same run: featurizing alone, and a keyword matcher.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentName } from '../../src-main/common/agents.js';
import { findConcepts } from '../../src-main/core/routing/concepts.js';
import { normalize, tokenize } from '../../src-main/core/routing/featurizer.js';
import { ROUTER_MODEL_FILE } from '../../src-main/core/routing/manifest.js';
import { decideRouteDetailed } from '../../src-main/core/routing/policy.js';
import { defaultRouterDir, OnnxRouter } from '../../src-main/node/routing/onnxRouter.js';
import { loadDataset, splitDataset, SPLIT_DEFAULTS } from '../../scripts/router/dataset.js';
import { finalTruth } from '../../scripts/router/metrics.js';
import { median, percentile, type BenchRow } from '../types.js';

const SUITE = 'router';

/** The obvious alternative to a model: the first concept word decides. */
function keywordRoute(text: string): AgentName {
  const n = normalize(text);
  const concepts = findConcepts(text, n, tokenize(n));
  const agents = new Set(
    concepts
      .map((c): AgentName | null =>
        c === 'search' || c === 'online' || c === 'shape:url'
          ? 'web'
          : c === 'file' || c === 'shape:path' || c === 'shape:fileName'
            ? 'file'
            : c === 'code' || c === 'shape:codeSymbols'
              ? 'coder'
              : c === 'connector'
                ? 'mcp'
                : null,
      )
      .filter((a): a is AgentName => a !== null),
  );
  if (concepts.includes('sequence') && agents.size >= 2) return 'planner';
  return [...agents][0] ?? 'casual';
}

async function time(texts: string[], run: (text: string) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (const text of texts) {
    const started = performance.now();
    await run(text);
    out.push(performance.now() - started);
  }
  return out;
}

export default async function routerBench(): Promise<BenchRow[]> {
  const dir = defaultRouterDir();
  const router = await OnnxRouter.load(dir);
  const firstLoad = router.loadMs;
  const { examples } = loadDataset(join(dir, 'data'));
  const heldOut = splitDataset(examples, SPLIT_DEFAULTS).test;
  const texts = heldOut.map((e) => e.text);
  await router.classify('warm up the language detector');
  for (const text of texts) await router.classify(text); // warm-up pass

  const decide = async (text: string) => decideRouteDetailed(await router.classify(text), { mcpConfigured: true, text }).decision;
  const decision = await time(texts, decide);
  const model = await time(texts, (text) => router.run(router.featurize(text)));
  const featurizeOnly = await time(texts, (text) => router.featurize(text));
  const keyword = await time(texts, keywordRoute);

  let modelHits = 0;
  let keywordHits = 0;
  for (const e of heldOut) {
    modelHits += (await decide(e.text)).agent === finalTruth(e) ? 1 : 0;
    keywordHits += keywordRoute(e.text) === finalTruth(e) ? 1 : 0;
  }
  const bytes = statSync(join(dir, ROUTER_MODEL_FILE)).size;
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await OnnxRouter.load(dir);
    loads.push(fresh.loadMs);
    await fresh.dispose();
  }
  await router.dispose();
  const n = heldOut.length;
  const p50 = median(decision);
  return [
    {
      suite: SUITE,
      metric: 'decision p50 (featurize + onnx + language + policy)',
      value: p50,
      unit: 'ms',
      baseline: { label: 'featurize only', value: median(featurizeOnly) },
      ratio: p50 / median(featurizeOnly),
      target: '≤ 1 ms',
      met: p50 <= 1,
      note: `${n} held-out requests, 1 thread`,
    },
    { suite: SUITE, metric: 'decision p99', value: percentile(decision, 99), unit: 'ms', baseline: { label: 'featurize only', value: percentile(featurizeOnly, 99) } },
    {
      suite: SUITE,
      metric: 'featurize + onnx run p50',
      value: median(model),
      unit: 'ms',
      baseline: { label: 'keyword matcher', value: median(keyword) },
      note: `p99 ${percentile(model, 99).toFixed(3)} ms`,
    },
    {
      suite: SUITE,
      metric: 'final agent accuracy (held-out)',
      value: (100 * modelHits) / n,
      unit: '%',
      baseline: { label: 'keyword matcher', value: (100 * keywordHits) / n },
      target: '≥ 95 %',
      met: modelHits / n >= 0.95,
    },
    {
      suite: SUITE,
      metric: 'model size',
      value: bytes / 1024 / 1024,
      unit: 'MiB',
      target: '≤ 10 MiB',
      met: bytes <= 10 * 1024 * 1024,
      note: `${router.manifest.model.parameters.toLocaleString('en')} parameters`,
    },
    {
      suite: SUITE,
      metric: 'load (first in process)',
      value: firstLoad,
      unit: 'ms',
      baseline: { label: 'reload, median of 3', value: median(loads) },
      target: '≤ 200 ms',
      met: firstLoad <= 200,
      note: 'read + parse + session + warm-up run',
    },
  ];
}
