// Types for fixSpawnHelper.mjs (plain JavaScript: it runs as npm's postinstall).
export function fixSpawnHelpers(ptyRoot: string): string[];
