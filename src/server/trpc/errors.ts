import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { ErrorBody } from '../../shared/errors';
import { databaseUnavailable } from '../db/errors';
import { AppErrorCause, appError } from '../errors/appError';
import { describeZodError } from '../errors/zodMessage';
import { BATCH_TOO_LARGE_MESSAGE, TRPC_BATCH_TOO_LARGE } from './batchLimit';

export const UNREADABLE_INPUT_MESSAGE =
  'The request input could not be read: send JSON in the shape this call expects.';

const isJavaScriptError = (cause: unknown) => cause instanceof SyntaxError || cause instanceof TypeError;

/** What a request that needed the database answers while it cannot be reached (with 503 and Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Tickwise cannot reach its database right now. Please try again in a few seconds.';

/**
 * The 503 a failure becomes when it says the database cannot be reached (db/errors.ts), so a PostgreSQL outage or
 * restart answers "try again shortly" instead of a 500; any other error is returned as it is.
 */
export function unavailableOr(error: unknown): unknown {
  return databaseUnavailable(error) ? appError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE) : error;
}

/** Turns any error into the product's error body and HTTP status. Unknown errors never leak details. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (databaseUnavailable(error)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } };
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) return { status: 400, body: { message: describeZodError(error.cause) } };
    // Unreadable input (bad JSON, a null where tRPC expects its envelope) reaches us as the JavaScript error
    // tRPC hit while reading it; its text ("Cannot destructure property 'json'...") means nothing to a client.
    if (status === 400 && isJavaScriptError(error.cause))
      return { status, body: { message: UNREADABLE_INPUT_MESSAGE } };
    if (status === 400 && error.message === TRPC_BATCH_TOO_LARGE)
      return { status, body: { message: BATCH_TOO_LARGE_MESSAGE } };
    const extras = error.cause instanceof AppErrorCause ? error.cause.extras : {};
    // 502, 503 and 504 are thrown on purpose (an upstream is down, too slow or answered nonsense) and their messages
    // say what to do; other 5xx are bugs.
    const deliberate = status === 502 || status === 503 || status === 504;
    const message =
      status >= 500 && !deliberate ? 'Something went wrong on our side. Please try again.' : error.message;
    return { status, body: { message, ...extras } };
  }
  if (error instanceof ZodError) return { status: 400, body: { message: describeZodError(error) } };
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}
