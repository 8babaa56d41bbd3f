// Training is reproducible and its export loads: two runs with the same seed write the same bytes,
// and the model they write routes through onnxruntime-node. Runs on a tiny data set generated here
// (it only exercises the pipeline; the real data set lives in resources/router/data).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTER_MANIFEST_FILE, ROUTER_MODEL_FILE } from '../../../src-main/core/routing/manifest.js';
import { OnnxRouter } from '../../../src-main/node/routing/onnxRouter.js';
import { trainRouter } from '../../../scripts/router/train.js';

const root = mkdtempSync(join(tmpdir(), 'router-train-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const subjects = ['cats', 'rain', 'jazz', 'chess', 'tea', 'maps', 'owls', 'snow', 'rust', 'kites', 'bread', 'moths'];
function writeTinyData(dir: string): void {
  const lines = subjects.flatMap((s, i) => [
    { text: `tell me something fun about ${s}`, agent: 'casual', complexity: 'LOW' },
    { text: `write a python script number ${i} that prints ${s}`, agent: 'coder', complexity: 'LOW' },
    { text: `find the file ${s}_${i}.txt in my folders`, agent: 'file', complexity: 'LOW' },
    { text: `search the web for ${s} news ${i}`, agent: 'web', complexity: 'LOW' },
    { text: `use the mcp server to store ${s} ${i}`, agent: 'mcp', complexity: 'LOW' },
    { text: `search online for ${s}, then write code ${i} that saves them to a file`, agent: 'web', complexity: 'HIGH' },
  ]);
  writeFileSync(join(dir, 'tiny.jsonl'), lines.map((l) => JSON.stringify({ ...l, lang: 'en' })).join('\n') + '\n');
}

describe('trainRouter', () => {
  it('writes identical model files for the same data and seed, and different ones for another seed', async () => {
    const data = join(root, 'data');
    mkdirSync(data);
    writeTinyData(data);
    const hyperparameters = { epochs: 3, dim: 8, hidden: 8, members: 2 };
    const featurizer = { buckets: 4096 };
    const a = await trainRouter({ dataDir: data, outDir: join(root, 'a'), seed: 7, hyperparameters, featurizer });
    await trainRouter({ dataDir: data, outDir: join(root, 'b'), seed: 7, hyperparameters, featurizer });
    await trainRouter({ dataDir: data, outDir: join(root, 'c'), seed: 8, hyperparameters, featurizer });
    const bytes = (d: string, f: string) => readFileSync(join(root, d, f));
    expect(bytes('a', ROUTER_MODEL_FILE).equals(bytes('b', ROUTER_MODEL_FILE))).toBe(true);
    expect(bytes('a', ROUTER_MANIFEST_FILE).equals(bytes('b', ROUTER_MANIFEST_FILE))).toBe(true);
    expect(bytes('a', ROUTER_MODEL_FILE).equals(bytes('c', ROUTER_MODEL_FILE))).toBe(false);
    expect(a.parameters).toBe(2 * (4096 * 8 + 4096 + 8 * 8 + 8 + 8 * 5 + 5 + 8 * 2 + 2)); // embedding, attention, layers
  });

  it('exports a model that onnxruntime-node loads and that learned the easy cases', async () => {
    const data = join(root, 'data2');
    mkdirSync(data);
    writeTinyData(data);
    await trainRouter({ dataDir: data, outDir: join(root, 'model'), seed: 1, hyperparameters: { epochs: 15, dim: 16, hidden: 16 }, featurizer: { buckets: 8192 } });
    const router = await OnnxRouter.load(join(root, 'model'));
    const scores = await router.classify('write a python script that prints owls');
    expect(Object.entries(scores.agent).sort((x, y) => y[1] - x[1])[0]![0]).toBe('coder');
    await router.dispose();
  });
});
