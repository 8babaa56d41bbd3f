// The code tools: one per row of the code languages' table (common/languages.ts). Each runs the
// model's code in the sandbox; its network is the sandbox setting's, and its output is untrusted
// only when what it read was (a marked file, the network: node/workspace/untrusted.ts says so per
// result). How a block is built and run is node/exec/languages.ts.
import { CODE_LANGUAGES, type CodeLanguage } from '../../../common/languages.js';
import { defineTool, type ToolDefinition } from '../defineTool.js';

/** The fence tags small local models write for a language (```sh, ```py); a language without any needs no entry. */
const ALIASES: Partial<Record<CodeLanguage, readonly string[]>> = {
  python: ['py', 'python3', 'py3', 'ipython'],
  bash: ['sh', 'shell', 'zsh', 'console', 'shellscript', 'shell-session', 'sh-session', 'terminal'],
  go: ['golang'],
};

export const CODE_TOOLS: readonly ToolDefinition<CodeLanguage>[] = CODE_LANGUAGES.map((language) =>
  defineTool({
    tag: language.id,
    aliases: ALIASES[language.id] ?? [],
    invokedBy: 'block',
    // The file agent works with shell commands only; the coder writes any installed language.
    agents: language.id === 'bash' ? ['coder', 'file'] : ['coder'],
    prompt: `tools/${language.id}`,
    input: 'text',
    policy: { effect: 'runs-code', network: 'setting', resultsToModel: false, untrustedOutput: null, check: language.judge === 'shell' ? 'shell' : language.id },
    summary: `Runs a ${language.id} block in the sandbox.`,
  }),
);

/** The definition of a language's code tool. */
export function codeToolDefinition(language: CodeLanguage): ToolDefinition<CodeLanguage> {
  const definition = CODE_TOOLS.find((d) => d.tag === language);
  if (!definition) throw new Error(`No code tool is defined for ${language}.`);
  return definition;
}
