// Types for start.mjs (plain JavaScript, run by npm start).
export function findElectron(env?: Record<string, string | undefined>): { path: string; reason: null } | { path: null; reason: string };
