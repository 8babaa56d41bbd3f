// Limits every host checks the same way, in a module of their own: the CLI reads them before it
// loads anything else (the contract's schemas cost a few milliseconds of every start).

/** Requests of any reasonable length (a pasted log, a file's text); the engine fits them to the context. */
export const MAX_REQUEST_CHARS = 4_000_000;
