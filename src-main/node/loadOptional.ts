// Engines that ship a native binary per platform (onnxruntime-node, node-llama-cpp, whisper) or are
// heavy to start (mupdf, puppeteer) are imported where first needed, through this helper, never by
// a static import: a platform without the binary (onnxruntime-node has none for Intel Macs) must
// get a clear "unavailable" state, not a main process that dies while loading its bundle.
//
//   const whisper = optionalModule(WHISPER, () => import('@fugood/whisper.node'));
//   const loaded = await whisper();          // cached: the import runs once
//   if (!loaded.available) return report(loaded.error);   // AppError with the reason and what to do
//   loaded.module.…
//
// Callers take the importer as a parameter (a port), so tests inject one that fails.
import { AppError, type ErrorCode } from '../common/errors.js';

export interface OptionalEngine {
  /** What the user loses, e.g. 'The request router (onnxruntime-node)'. */
  name: string;
  /** The error code callers already use for this engine being absent. */
  code: ErrorCode;
  /** What still works or what to do instead, e.g. 'Pick an agent in the agent picker.' */
  instead: string;
}

export type Importer<T> = () => Promise<T>;

export type Optional<T> = { available: true; module: T } | { available: false; error: AppError };

/** The AppError for an engine that cannot load here: says which, on which platform, why, and what to do. */
export function engineUnavailable(engine: OptionalEngine, cause: unknown): AppError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new AppError(engine.code, `${engine.name} is unavailable on this platform (${process.platform}-${process.arch}): ${firstLine(reason)}. ${engine.instead}`, { cause });
}

/** Imports once; a failure becomes { available: false, error } instead of an exception. */
export async function loadOptional<T>(engine: OptionalEngine, importer: Importer<T>): Promise<Optional<T>> {
  try {
    return { available: true, module: await importer() };
  } catch (cause) {
    return { available: false, error: engineUnavailable(engine, cause) };
  }
}

/** loadOptional, memoized: the first call imports, later calls share its result. */
export function optionalModule<T>(engine: OptionalEngine, importer: Importer<T>): () => Promise<Optional<T>> {
  let loaded: Promise<Optional<T>> | null = null;
  return () => (loaded ??= loadOptional(engine, importer));
}

/** The module, or the engine's AppError thrown: for code paths that cannot go on without it. */
export function requireModule<T>(loaded: Optional<T>): T {
  if (!loaded.available) throw loaded.error;
  return loaded.module;
}

// Native loaders put the whole dlopen message on one long line, sometimes with a stack after it.
const firstLine = (text: string) => (text.split('\n')[0] ?? '').trim().replace(/\.$/, '');
