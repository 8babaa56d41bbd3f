// Types of cli.mjs for the TypeScript that imports it (tests).
export const repoRoot: string;
export const cliOutDir: string;
export function buildCli(): Promise<void>;
