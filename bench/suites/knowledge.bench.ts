// The workspace knowledge index (issue 30): passages indexed per second, full-text only (beside
// reading and splitting the same files without storing them) and with the tiny random-weight
// embedding model (beside full-text only on the same files); query latency on 100,000 passages
// (hybrid search's full-text path, beside a naive LIKE scan of the same table; and with vectors);
// and the index's size per MB of text. A random model's vectors say nothing about retrieval
// quality, which cannot be measured here; and its 64 dimensions make embedding far cheaper than a
// real model's.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toPassages } from '../../src-main/node/knowledge/chunk.js';
import { documentKind, extractLines } from '../../src-main/node/knowledge/extract.js';
import { LlamaEmbedder } from '../../src-main/node/knowledge/embedder.js';
import { IndexStore } from '../../src-main/node/knowledge/indexStore.js';
import { hybridSearch } from '../../src-main/node/knowledge/search.js';
import { KnowledgeService } from '../../src-main/node/knowledge/service.js';
import { sharedLlama } from '../../src-main/node/llm/llamaEngine.js';
import { createLogger } from '../../src-main/node/logger.js';
import { seededRandom } from '../../scripts/router/model.js';
import { tinyModelPath } from '../../tests/helpers/tinyGguf.js';
import { median, percentile, type BenchRow } from '../types.js';

const SUITE = 'knowledge';
const logger = createLogger({ level: 'error' });
const random = seededRandom(30);
/** A vocabulary with a long tail, so queries hit a few passages or many, as with real text. */
const VOCAB = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}`);
const word = () => VOCAB[Math.floor(VOCAB.length * random() ** 3)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ') + '.';

function corpus(files: number, linesPerFile: number): { root: string; bytes: number } {
  const root = mkdtempSync(join(tmpdir(), 'bench-knowledge-'));
  let bytes = 0;
  for (let f = 0; f < files; f++) {
    const dir = join(root, `d${f % 50}`);
    mkdirSync(dir, { recursive: true });
    const text = Array.from({ length: linesPerFile }, (_, i) => (i % 12 === 0 ? `# Section ${i}` : sentence(12))).join('\n');
    writeFileSync(join(dir, `f${f}.md`), text);
    bytes += Buffer.byteLength(text);
  }
  return { root, bytes };
}

async function indexRate(root: string, embedder: LlamaEmbedder | null): Promise<{ passagesPerSec: number; dbBytes: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-knowledge-data-'));
  const knowledge = new KnowledgeService({ dataDir, logger, watch: false, embedder: async () => embedder });
  const started = performance.now();
  const index = await knowledge.index(root);
  await index.refresh();
  const seconds = (performance.now() - started) / 1000;
  const { passages } = index.progress();
  await knowledge.close();
  const dbBytes = readdirSync(join(dataDir, 'knowledge')).reduce((sum, f) => sum + statSync(join(dataDir, 'knowledge', f)).size, 0);
  rmSync(dataDir, { recursive: true, force: true });
  return { passagesPerSec: passages / seconds, dbBytes };
}

async function extractRate(root: string): Promise<number> {
  const started = performance.now();
  let passages = 0;
  for (const dir of readdirSync(root)) {
    for (const name of readdirSync(join(root, dir))) {
      const file = join(root, dir, name);
      const kind = await documentKind(file, statSync(file).size);
      if (kind) passages += toPassages(await extractLines(file, kind)).length;
    }
  }
  return passages / ((performance.now() - started) / 1000);
}

function latencies(run: () => unknown, queries: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < queries; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times;
}

async function queryLatency(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-knowledge-q-'));
  const store = IndexStore.open(join(dir, 'index.db'));
  const PASSAGES = 100_000;
  const PER_FILE = 10;
  for (let f = 0; f < PASSAGES / PER_FILE; f++) {
    const passages = Array.from({ length: PER_FILE }, (_, i) => ({ page: null, lineStart: i * 5 + 1, lineEnd: i * 5 + 5, heading: null, text: sentence(60) }));
    store.putFile({ path: `f${f}.md`, size: 1, mtimeMs: 1, untrusted: false }, passages);
  }
  const queries = Array.from({ length: 200 }, () => `${word()} ${word()} ${word()}`);
  let q = 0;
  const hybrid = await (async () => {
    const times: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      await hybridSearch(store, query, { limit: 10 });
      times.push(performance.now() - started);
    }
    return times;
  })();
  const like = store.db.prepare('SELECT id FROM passages WHERE text LIKE ? LIMIT 10');
  const naive = latencies(() => like.all(`%${queries[q++ % queries.length]!.split(' ')[0]} %`), 50);
  // Vectors: DiskANN inserts cost milliseconds each here, so 5,000 of the 100,000 passages get one.
  const VECTORS = 5000;
  store.useEmbeddingModel('random-64', 64);
  const ids = (store.db.prepare('SELECT id FROM passages ORDER BY id LIMIT ?').all(VECTORS) as { id: number }[]).map((r) => r.id);
  const vector = () => Float32Array.from({ length: 64 }, () => random() - 0.5);
  const insertStarted = performance.now();
  for (let i = 0; i < ids.length; i += 500) store.putVectors(ids.slice(i, i + 500).map((id) => ({ id, vector: vector() })));
  const insertMs = (performance.now() - insertStarted) / VECTORS;
  const nearest = latencies(() => store.nearest(vector(), 50), 100);
  const fake = { id: 'random-64', dimensions: async () => 64, embed: async (texts: readonly string[]) => texts.map(vector), dispose: async () => undefined };
  const both: number[] = [];
  for (const query of queries.slice(0, 100)) {
    const started = performance.now();
    await hybridSearch(store, query, { limit: 10, embedder: fake });
    both.push(performance.now() - started);
  }
  store.close();
  rmSync(dir, { recursive: true, force: true });
  const p50 = median(hybrid);
  return [
    {
      suite: SUITE,
      metric: 'query p50, 100k passages (full-text + fusion)',
      value: p50,
      unit: 'ms',
      baseline: { label: 'LIKE scan p50', value: median(naive) },
      ratio: p50 / median(naive),
      target: 'p50 < 50 ms',
      met: p50 < 50,
    },
    {
      suite: SUITE,
      metric: 'query p99, 100k passages (full-text + fusion)',
      value: percentile(hybrid, 99),
      unit: 'ms',
      baseline: { label: 'LIKE scan p99', value: percentile(naive, 99) },
    },
    {
      suite: SUITE,
      metric: `query p50, 100k passages, hybrid with ${VECTORS} vectors`,
      value: median(both),
      unit: 'ms',
      note: `p99 ${percentile(both, 99).toFixed(1)} ms; vector_top_k alone p50 ${median(nearest).toFixed(1)} ms`,
    },
    { suite: SUITE, metric: 'vector insert (DiskANN, 64 dims)', value: insertMs, unit: 'ms/vector' },
  ];
}

export default async function knowledgeBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const big = corpus(1000, 60);
  const extracted = await extractRate(big.root);
  const fts = await indexRate(big.root, null);
  rows.push({
    suite: SUITE,
    metric: 'indexed, full-text only (1,000 Markdown files)',
    value: fts.passagesPerSec,
    unit: 'passages/s',
    baseline: { label: 'read + split only', value: extracted },
    ratio: fts.passagesPerSec / extracted,
  });
  const mb = big.bytes / 2 ** 20;
  rows.push({
    suite: SUITE,
    metric: 'index size per MB of text (full-text)',
    value: fts.dbBytes / 2 ** 20 / mb,
    unit: 'MB/MB',
    baseline: { label: 'the text itself', value: 1 },
    note: `${mb.toFixed(1)} MB of text`,
  });
  rmSync(big.root, { recursive: true, force: true });

  const small = corpus(20, 60);
  const ftsSmall = await indexRate(small.root, null);
  const embedder = new LlamaEmbedder(tinyModelPath(), async () => (await sharedLlama(false, logger)).llama, 1);
  const embedded = await indexRate(small.root, embedder);
  await embedder.dispose();
  rows.push({
    suite: SUITE,
    metric: 'indexed with the tiny embedding model (20 files)',
    value: embedded.passagesPerSec,
    unit: 'passages/s',
    baseline: { label: 'full-text only, same files', value: ftsSmall.passagesPerSec },
    ratio: embedded.passagesPerSec / ftsSmall.passagesPerSec,
    note: 'random 64-dim model: a real one is far slower',
  });
  rmSync(small.root, { recursive: true, force: true });
  rows.push(...(await queryLatency()));
  return rows;
}
