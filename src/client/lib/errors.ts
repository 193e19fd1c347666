import type { ErrorBody } from '../../shared/errors';

/**
 * The product's error fields (product.md §8) out of whatever the call threw. tRPC's client errors (TRPCClientError)
 * and the sign-in check's own (TrpcHttpError) both carry the answer's `data`; it is read by shape rather than class,
 * so this file (on every page's first load) does not pull in the tRPC client.
 */
export function errorBodyOf(error: unknown): ErrorBody & { status?: number } {
  if (error instanceof Error && 'data' in error) {
    const data = error.data as { app?: ErrorBody; httpStatus?: number } | undefined;
    return { ...(data?.app ?? { message: error.message }), status: data?.httpStatus };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: 'Something went wrong. Please try again.' };
}

export function isUnauthorized(error: unknown): boolean {
  const body = errorBodyOf(error);
  return body.status === 401 || /unauthorized/i.test(body.message);
}

/** Banned if the server said so in the flag or in words (product.md §4). */
export function isBannedError(error: unknown): boolean {
  const body = errorBodyOf(error);
  return body.banned === true || /banned/i.test(body.message);
}

/** product.md §8: a banned answer anywhere sends the browser to /banned. */
export function redirectIfBanned(error: unknown): void {
  if (isBannedError(error) && window.location.pathname !== '/banned') window.location.assign('/banned');
}
