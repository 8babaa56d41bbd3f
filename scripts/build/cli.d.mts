// Types of cli.mjs for the TypeScript that imports it (tests).
export const repoRoot: string;
export const cliOutDir: string;
/** Builds the bundles; resolves to the repository files they were made from. */
export function buildCli(): Promise<string[]>;
