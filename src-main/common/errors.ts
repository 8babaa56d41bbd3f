// Errors cross every boundary as data: a code a program can branch on, a message a person can act on.
export const ERROR_CODES = [
  'BAD_INPUT',
  'NOT_FOUND',
  'UNKNOWN_COMMAND',
  'FORBIDDEN',
  'CANCELLED',
  'INTERNAL',
  'REPLAY_EXHAUSTED',
  'REPLAY_INVALID',
  'PROVIDER_UNREACHABLE',
  'PROVIDER_AUTH',
  'PROVIDER_MODEL_MISSING',
  'PROVIDER_ERROR',
  'CONTEXT_OVERFLOW',
  'MODEL_LOAD_FAILED',
  'DOWNLOAD_FAILED',
  'CHECKSUM_MISMATCH',
  'OFFLINE',
  'PATH_OUTSIDE_WORKSPACE',
  'TOOLCHAIN_MISSING',
  'ROUTER_UNAVAILABLE',
  'BROWSER_UNAVAILABLE',
  'MCP_ERROR',
  'STORE_ERROR',
  /** Speech engines missing (native binary, VAD model, STT model, TTS engine). */
  'VOICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorData {
  code: ErrorCode;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

/** Turns anything thrown into data; unknown failures keep their message but never their stack. */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (isAbortError(error)) return { code: 'CANCELLED', message: 'Cancelled.' };
  if (error instanceof Error) return { code: 'INTERNAL', message: error.message || error.name };
  return { code: 'INTERNAL', message: String(error) };
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR')) || (error instanceof AppError && error.code === 'CANCELLED')
  );
}
