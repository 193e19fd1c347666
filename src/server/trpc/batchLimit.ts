/**
 * Calls one tRPC batch may carry. The client batches the queries of a page (a handful); a batch of a hundred costly
 * calls held the server for seconds. tRPC refuses a longer batch (400) before running any of it.
 */
export const MAX_BATCH_CALLS = 20;
export const BATCH_TOO_LARGE_MESSAGE = `Too many calls in one batch: send at most ${MAX_BATCH_CALLS}.`;

/** tRPC's own wording for that refusal, replaced by ours in the answer. */
export const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';
