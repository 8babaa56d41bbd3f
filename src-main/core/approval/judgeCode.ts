// Where the shell rules and the source rules meet. A shell line can run inline Python and a
// program can spawn a shell command, so each judge needs the other; wiring them here keeps the
// two rule modules free of an import cycle.
import { judgeSourceWith, type CodeEnv } from './codeRules.js';
import type { SourceLanguage } from '../blocks/sourceText.js';
import type { Findings } from './findings.js';
import { judgeShellScriptWith, type ShellEnv } from './shellRules.js';

/** Judges every simple command of a script, looking into inline Python it runs. */
export function judgeShellScript(script: string, env: ShellEnv | string): Findings {
  return judgeShellScriptWith(script, env, (source, inner) => judgeSource('python', source, inner));
}

/** Judges a program's source, looking into the command lines it spawns. */
export function judgeSource(language: SourceLanguage, source: string, env: CodeEnv | string): Findings {
  return judgeSourceWith(language, source, env, judgeShellScript);
}
