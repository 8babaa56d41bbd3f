// Paths a user types are relative to where they typed them. `npm run cli` runs in the repository
// root and keeps the caller's directory in INIT_CWD; elsewhere the process's own cwd is the caller's.
import { isAbsolute, resolve } from 'node:path';

export function callerDir(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  // Only npm's own `cli` script: INIT_CWD leaks into every child of any npm script (vitest under `npm test`).
  return env.npm_lifecycle_event === 'cli' && env.INIT_CWD ? env.INIT_CWD : cwd;
}

export const fromCaller = (path: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string =>
  isAbsolute(path) ? path : resolve(callerDir(env, cwd), path);

/** A --model value is a catalogue id unless it looks like a file path. */
export const modelFromCaller = (model: string): string => (/[\\/]/.test(model) || /\.gguf$/i.test(model) ? fromCaller(model) : model);
