// The request router: featurizer (core) + the trained model in onnxruntime-node + language
// detection. Loaded once at start; each classify() costs about a millisecond on one thread.
// onnxruntime-node is imported here, at load, never statically: it has no binary for some platforms
// (Intel Macs), and there the app must run on without the router (the agent picker), not exit.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Ort from 'onnxruntime-node';
import { AppError } from '../../common/errors.js';
import type { ClassifierScores, Logger, RequestClassifier } from '../../core/ports.js';
import { CONCEPT_LEXICON_ID } from '../../core/routing/concepts.js';
import { featurize, type Features } from '../../core/routing/featurizer.js';
import { ROUTER_IO, ROUTER_MANIFEST_FILE, ROUTER_MODEL_FILE, RouterManifestSchema, type RouterManifest } from '../../core/routing/manifest.js';
import { loadOptional, requireModule, type Importer, type OptionalEngine } from '../loadOptional.js';
import { silentLogger } from '../logger.js';
import { routingText } from './bound.js';
import { detectLanguage, lazyLanguageDetector, type LanguageDetector } from './language.js';

/** resources/router of this checkout. A packaged app passes its own resources path instead. */
export function defaultRouterDir(): string {
  return fileURLToPath(new URL('../../../resources/router', import.meta.url));
}

export type OnnxRuntime = typeof Ort;

export const ROUTER_ENGINE: OptionalEngine = {
  name: 'The request router (onnxruntime-node)',
  code: 'ROUTER_UNAVAILABLE',
  instead: 'Requests go to the casual agent; pick another agent in the agent picker.',
};

const importOnnxRuntime: Importer<OnnxRuntime> = () => import('onnxruntime-node');

export interface ModelOutput {
  agent: Float32Array;
  complexity: Float32Array;
}

export class OnnxRouter implements RequestClassifier {
  private constructor(
    private readonly ort: OnnxRuntime,
    private readonly session: Ort.InferenceSession,
    readonly manifest: RouterManifest,
    private readonly languages: () => Promise<LanguageDetector | null>,
    /** Milliseconds spent loading the model (reading, parsing, session, one warm-up run). */
    readonly loadMs: number,
  ) {}

  /**
   * Reads featurizer.json and router.onnx from `dir` and opens a single-threaded session. Throws
   * AppError ROUTER_UNAVAILABLE when either is missing or does not match the other, or when
   * onnxruntime-node cannot load on this platform (`runtime` is the port tests replace).
   */
  static async load(
    dir: string = defaultRouterDir(),
    logger: Logger = silentLogger,
    runtime: Importer<OnnxRuntime> = importOnnxRuntime,
    /** The language detector, shared with the app's other users of it; loaded on first need. */
    languages: () => Promise<LanguageDetector | null> = lazyLanguageDetector(logger),
  ): Promise<OnnxRouter> {
    const started = performance.now();
    const manifest = await readManifest(join(dir, ROUTER_MANIFEST_FILE));
    const ort = requireModule(await loadOptional(ROUTER_ENGINE, runtime));
    let session: Ort.InferenceSession;
    try {
      // From the path, not from bytes read in JS: onnxruntime reads the file itself, about 20 ms sooner
      // for the 10 MB model (one copy fewer).
      session = await ort.InferenceSession.create(join(dir, ROUTER_MODEL_FILE), {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        // 'basic' (constant folding, redundant nodes) halves session creation; 'all' adds nothing to a graph this small.
        graphOptimizationLevel: 'basic',
      });
    } catch (cause) {
      throw new AppError('ROUTER_UNAVAILABLE', `Cannot load the router model ${join(dir, ROUTER_MODEL_FILE)}: ${String(cause)}`, { cause });
    }
    const probe = new OnnxRouter(ort, session, manifest, languages, 0);
    const check = await probe.run(featurize('hello', manifest.featurizer)); // warm-up, and a shape check
    if (check.agent.length !== manifest.labels.agent.length || check.complexity.length !== manifest.labels.complexity.length) {
      throw new AppError(
        'ROUTER_UNAVAILABLE',
        `router.onnx outputs ${check.agent.length}+${check.complexity.length} scores but featurizer.json names ${manifest.labels.agent.length}+${manifest.labels.complexity.length} labels.`,
      );
    }
    if (manifest.featurizer.conceptWeight > 0 && manifest.featurizer.conceptLexicon !== CONCEPT_LEXICON_ID) {
      logger.warn('router: the model was trained with another concept lexicon; retrain it (npm run train:router)', { dir });
    }
    const loadMs = performance.now() - started;
    logger.info('router: loaded', { dir, loadMs: Math.round(loadMs), parameters: manifest.model.parameters });
    return new OnnxRouter(ort, session, manifest, languages, loadMs);
  }

  featurize(text: string): Features {
    return featurize(text, this.manifest.featurizer);
  }

  /** The model's raw probabilities, in the order of manifest.labels. */
  async run(features: Features): Promise<ModelOutput> {
    const feeds = {
      [ROUTER_IO.ids]: new this.ort.Tensor('int32', features.ids, [features.ids.length]),
      [ROUTER_IO.weights]: new this.ort.Tensor('float32', features.weights, [1, features.weights.length]),
    };
    const out = await this.session.run(feeds);
    return { agent: out[ROUTER_IO.agentProbs]!.data as Float32Array, complexity: out[ROUTER_IO.complexityProbs]!.data as Float32Array };
  }

  /** Scores and language of a request; `fallbackLanguage` is used when the text shows none (default 'en'). */
  async classify(request: string, fallbackLanguage: string = 'en'): Promise<ClassifierScores> {
    const text = routingText(request);
    const out = await this.run(this.featurize(text));
    const { agent: agentLabels, complexity: complexityLabels } = this.manifest.labels;
    return {
      agent: Object.fromEntries(agentLabels.map((label, i) => [label, out.agent[i] ?? 0])),
      complexity: { LOW: out.complexity[complexityLabels.indexOf('LOW')] ?? 0, HIGH: out.complexity[complexityLabels.indexOf('HIGH')] ?? 0 },
      language: await detectLanguage(text, this.languages, fallbackLanguage),
    };
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }
}

async function readManifest(path: string): Promise<RouterManifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    throw new AppError('ROUTER_UNAVAILABLE', `Cannot read the router settings ${path}: ${String(cause)}`, { cause });
  }
  const parsed = RouterManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('ROUTER_UNAVAILABLE', `Invalid router settings ${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
  }
  return parsed.data;
}

export { createDetailedRouteDecider, createRouteDecider } from '../../core/routing/decider.js';
