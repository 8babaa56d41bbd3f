// Evaluated system prompts, kept so that no session evaluates its agent's system prompt again.
//
// Every new session of an agent starts with the same rendered system prompt (hundreds of tokens; on
// a laptop CPU a 7B model reads tens of prompt tokens a second). A sequence that still holds that
// prefix reuses it through the usual prefix alignment; when it holds another conversation (another
// agent, or nothing after a restart), the prefix's evaluation state is loaded from a file made the
// first time it was evaluated (node-llama-cpp's sequence state files), and only the session's own
// messages are evaluated. The files are keyed by the model file, the context size and the prefix's
// tokens, so a state is only ever loaded into the model it came from (loading another model's state
// can crash llama.cpp).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { LlamaContextSequence, Token } from 'node-llama-cpp';
import type { Logger } from '../../core/ports.js';

/** Below this a prefix is cheaper to evaluate than a state file is to load. */
export const MIN_PREFIX_TOKENS = 32;
/** State files kept (one per agent prompt and model); the least recently used go first. */
const MAX_FILES = 16;

export interface PromptStateCacheOptions {
  dir: string;
  /** The model file: its path, size and modification time go into every key. */
  modelPath: string;
  contextSize: number;
  logger: Logger;
}

export function commonPrefixLength(a: readonly Token[], b: readonly Token[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

export class PromptStateCache {
  private readonly modelKey: string;
  /** Keys whose file is being written by this process: one writer per key. */
  private readonly writing = new Set<string>();

  constructor(private readonly options: PromptStateCacheOptions) {
    const stat = statSync(options.modelPath);
    this.modelKey = `${options.modelPath}\0${stat.size}\0${stat.mtimeMs}\0${options.contextSize}`;
  }

  /**
   * Makes the sequence hold `prefix` (the prompt's first tokens that are the system prompt) before the
   * generation path aligns it with the whole prompt: kept when it is there already, loaded from its
   * file, or evaluated and saved. Returns how the prefix was obtained. Never throws: a failure only
   * costs the evaluation this cache would have saved.
   */
  async prepare(sequence: LlamaContextSequence, prefix: Token[]): Promise<'kept' | 'loaded' | 'evaluated' | 'skipped'> {
    if (prefix.length < MIN_PREFIX_TOKENS) return 'skipped';
    if (commonPrefixLength(sequence.contextTokens, prefix) >= prefix.length) return 'kept';
    const key = this.keyOf(prefix);
    const file = join(this.options.dir, `${key}.state`);
    try {
      if (statSync(file, { throwIfNoEntry: false })) {
        await sequence.loadStateFromFile(file, { acceptRisk: true });
        if (commonPrefixLength(sequence.contextTokens, prefix) === prefix.length && sequence.contextTokens.length === prefix.length) {
          this.touch(file);
          return 'loaded';
        }
        // Not what the key promised (a file from another build): drop it and evaluate.
        this.options.logger.warn('llama: a prompt state file did not match its prompt; evaluating it again', { file });
        rmSync(file, { force: true });
        await sequence.clearHistory();
      }
      await sequence.adaptStateToTokens(prefix, false);
      const rest = prefix.slice(sequence.nextTokenIndex);
      if (rest.length > 0) await sequence.evaluateWithoutGeneratingNewTokens(rest);
      if (!this.writing.has(key)) await this.save(sequence, key, file);
      return 'evaluated';
    } catch (error) {
      this.options.logger.warn('llama: prompt state cache failed; evaluating the prompt', { error: error instanceof Error ? error.message : String(error) });
      return 'skipped';
    }
  }

  private keyOf(prefix: Token[]): string {
    return createHash('sha256').update(this.modelKey).update('\0').update(Uint32Array.from(prefix)).digest('hex').slice(0, 40);
  }

  private async save(sequence: LlamaContextSequence, key: string, file: string): Promise<void> {
    this.writing.add(key);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.options.dir, { recursive: true, mode: 0o700 });
      await sequence.saveStateToFile(temporary);
      renameSync(temporary, file); // a reader sees the whole file or none
      this.prune();
    } finally {
      rmSync(temporary, { force: true });
      this.writing.delete(key);
    }
  }

  /** The modification time orders the files for pruning: a loaded file counts as recently used. */
  private touch(file: string): void {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      /* pruned meanwhile by another process */
    }
  }

  private prune(): void {
    const files = readdirSync(this.options.dir)
      .filter((f) => f.endsWith('.state'))
      .map((f) => ({ path: join(this.options.dir, f), used: statSync(join(this.options.dir, f)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    for (const old of files.slice(MAX_FILES)) rmSync(old.path, { force: true });
  }
}
