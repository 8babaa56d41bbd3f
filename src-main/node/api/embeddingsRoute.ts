// POST /v1/embeddings: vectors from the loaded model itself (the embedded engine), float or base64
// (the official client asks for base64 unless told otherwise, and decodes it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatRouteDeps } from './chatRoute.js';
import { HttpError, readJson, sendJson } from './http.js';
import { EmbeddingsRequestSchema, describeIssues } from './schemas.js';

export async function handleEmbeddings(req: IncomingMessage, res: ServerResponse, deps: ChatRouteDeps, headers: Record<string, string>): Promise<void> {
  const parsed = EmbeddingsRequestSchema.safeParse(await readJson(req));
  if (!parsed.success) throw new HttpError(400, 'invalid_request', describeIssues(parsed.error));
  const { model, input, encoding_format } = parsed.data;
  const id = await deps.modelId();
  if (model !== id) throw new HttpError(404, 'model_not_found', `Embeddings come from the loaded model "${id}".`);
  const provider = deps.provider();
  if (!provider.embed) throw new HttpError(400, 'embeddings_unsupported', 'This provider has no embeddings: the embedded model serves them.');
  const texts = typeof input === 'string' ? [input] : input;
  const abort = new AbortController();
  res.on('close', () => !res.writableFinished && abort.abort());
  const vectors = await deps.modelQueue.run(abort.signal, () => provider.embed!(texts, abort.signal));
  const tokens = (await Promise.all(texts.map((t) => provider.countTokens(t)))).reduce((a, b) => a + b, 0);
  const data = vectors.map((v, index) => ({
    object: 'embedding',
    index,
    embedding: encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v,
  }));
  sendJson(res, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } }, headers);
}
