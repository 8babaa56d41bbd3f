// The meaning half of the search, end to end on the real engine: node-llama-cpp's embedding context
// on the tiny random-weight GGUF, vectors in libsql's F32_BLOB column, DiskANN's vector_top_k.
// A random model's vectors mean nothing, so retrieval quality cannot be measured here; what is
// checked is the pipeline: every passage gets a vector, the vector of a passage's own text finds
// that passage first, a search fuses both lists, and a new model replaces the old vectors.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlamaEmbedder } from '../../../src-main/node/knowledge/embedder.js';
import { KnowledgeService } from '../../../src-main/node/knowledge/service.js';
import { sharedLlama } from '../../../src-main/node/llm/llamaEngine.js';
import { createLogger } from '../../../src-main/node/logger.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

const logger = createLogger({ level: 'error' });
const base = realpathSync(mkdtempSync(join(tmpdir(), 'knowledge-embed-')));
const root = join(base, 'ws');
mkdirSync(root);
const notes = [
  'The plumber sent an invoice in March for the kitchen sink.',
  'Our Lisbon trip: hotel in Alfama, tram 28, pastéis de nata.',
  'Contract: either party may terminate with thirty days notice.',
];
notes.forEach((text, i) => writeFileSync(join(root, `note-${i}.md`), `# Note ${i}\n${text}`));

const embedder = new LlamaEmbedder(tinyModelPath(), async () => (await sharedLlama(false, logger)).llama, 1);
const knowledge = new KnowledgeService({ dataDir: join(base, 'data'), logger, watch: false, embedder: async () => embedder });

afterAll(async () => {
  await knowledge.close();
});

describe('knowledge embeddings on the tiny GGUF', () => {
  it('embeds every passage and finds a passage by its own vector', async () => {
    const hits = await knowledge.searchWorkspace(root, 'Lisbon tram', { refresh: true });
    expect(hits[0]).toMatchObject({ path: 'note-1.md', lines: [1, 2], heading: 'Note 1' });
    const progress = await knowledge.progress(root);
    expect(progress.passages).toBe(3);
    expect(progress.embedded).toBe(3);

    const store = (await knowledge.index(root)).store;
    expect(store.meta('vector_model')).toBe(embedder.id);
    expect(store.vectorDims()).toBe(await embedder.dimensions());
    const [vector] = await embedder.embed([`Note 2\n# Note 2\n${notes[2]}`]);
    const ids = store.nearest(vector!, 3);
    expect(ids).toHaveLength(3);
    expect(store.passagesByIds([ids[0]!]).get(ids[0]!)?.path).toBe('note-2.md');
  });

  it('ranks by meaning alone when no word matches (vector list only)', async () => {
    const hits = await knowledge.searchWorkspace(root, 'zzqx unknownword');
    // No word of the query is in the corpus: every hit came from the vector index.
    expect(hits.map((h) => h.path).sort()).toEqual(['note-0.md', 'note-1.md', 'note-2.md']);
  });

  it('drops the vectors of another model', async () => {
    const store = (await knowledge.index(root)).store;
    store.useEmbeddingModel('another-model.gguf:1', 8);
    expect(store.counts().embedded).toBe(0);
    expect(store.unembedded(10)).toHaveLength(3);
  });
});
