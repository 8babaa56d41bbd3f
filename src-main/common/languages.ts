// The one table of code languages: the block tags the coder runs. Derived from it: the code tools'
// definitions (core/tools/defs/code.ts), the coder's tags, toolchain detection and its fingerprint
// (node/exec), the workspace preview's file types and the highlighter's comment syntax. How a block
// of each is built and run (node/exec/languages.ts) and the judge's rules for its source
// (core/approval/codeTables.ts) are code, and `tsc` asks for them.
import { idsOf } from './table.js';

export interface CodeLanguageRow {
  /** The block tag (```python) and the language's name. */
  readonly id: string;
  /** File extensions that mean this language (the workspace preview's highlighting). */
  readonly extensions: readonly string[];
  /** Executables toolchain detection may pick, in its order of preference; a change to one means detecting again. */
  readonly executables: readonly string[];
  /** How the approval judge reads a block: as shell commands, or as source with per-language rules. */
  readonly judge: 'shell' | 'source';
  /** `#` starts a comment (for the highlighter; elsewhere it is C's preprocessor or part of the code). */
  readonly hashComments: boolean;
}

export const CODE_LANGUAGES = [
  { id: 'python', extensions: ['py'], executables: ['python3', 'python'], judge: 'source', hashComments: true },
  { id: 'bash', extensions: ['sh', 'bash'], executables: ['bash'], judge: 'shell', hashComments: true },
  { id: 'c', extensions: ['c', 'h'], executables: ['gcc', 'cc', 'clang'], judge: 'source', hashComments: false },
  { id: 'go', extensions: ['go'], executables: ['go'], judge: 'source', hashComments: false },
  { id: 'java', extensions: ['java'], executables: ['javac', 'java'], judge: 'source', hashComments: false },
] as const satisfies readonly CodeLanguageRow[];

type Language = (typeof CODE_LANGUAGES)[number];
export type CodeLanguage = Language['id'];
export const CODE_LANGUAGE_IDS = idsOf(CODE_LANGUAGES);
/** The languages whose blocks the judge reads as source code (codeTables.ts has a rule set for each). */
export type SourceLanguage = Extract<Language, { judge: 'source' }>['id'];
