/**
 * Resolves on the next turn of the event loop (after the I/O waiting now): what a long piece of work on the loop
 * awaits between slices, so other requests are answered in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
