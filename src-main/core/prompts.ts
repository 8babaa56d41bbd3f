// Prompts are files in prompts/; the node layer reads them, the core only fills their {{slots}}.

export interface PromptSource {
  /** The text of prompts/<name>.md; throws when it does not exist. */
  get(name: string): string;
}

export interface PromptVars {
  os: string;
  workspace: string;
  languages: readonly string[];
  /** ISO 639-1 code of the user's language, or 'auto'. */
  language: string;
  date: string;
  [extra: string]: string | readonly string[];
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  zh: 'Chinese',
  es: 'Spanish',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  nl: 'Dutch',
  ar: 'Arabic',
};

export function languageInstruction(code: string): string {
  if (!code || code === 'auto') return "Answer in the language of the user's request.";
  const name = LANGUAGE_NAMES[code] ?? code;
  return `The user writes in ${name}: answer in ${name}.`;
}

/**
 * Fills `{{name}}` slots and `{{> fragment}}` includes. An unknown slot is an error, not an empty
 * string: a prompt that silently loses a part is worse than one that fails its snapshot test.
 */
export function assemblePrompt(source: PromptSource, name: string, vars: PromptVars, depth = 0): string {
  if (depth > 4) throw new Error(`prompt include depth exceeded at ${name}`);
  const text = source.get(name);
  return text
    .replace(/\{\{>\s*([\w/-]+)\s*\}\}/g, (_m, inc: string) => assemblePrompt(source, inc, vars, depth + 1).trimEnd())
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, key: string) => {
      if (key === 'languageInstruction') return languageInstruction(vars.language);
      const value = vars[key];
      if (value === undefined) throw new Error(`prompt ${name}: no value for {{${key}}}`);
      return typeof value === 'string' ? value : value.join(', ');
    });
}
