/** Bad usage of the command line: one line on stderr and exit status 2. */
export class UsageError extends Error {}
