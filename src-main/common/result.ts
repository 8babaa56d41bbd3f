import type { ErrorData } from './errors.js';

/** The envelope every command answers with, over IPC and WebSocket alike. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ErrorData): Result<never> => ({ ok: false, error });
