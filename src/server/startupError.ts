/**
 * A start-up failure the operator can fix (a read-only data folder, a damaged database file, a port in use).
 * Its message is one line naming the file or port and what to do; main.ts prints it and exits 1 without a stack.
 */
export class StartupError extends Error {}
