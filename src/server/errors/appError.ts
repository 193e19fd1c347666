import { TRPCError } from '@trpc/server';
import type { ErrorExtras } from '../../shared/errors';

/**
 * The one error shape every layer throws (services, the AI layer, the realtime caps): a tRPC error carrying the
 * product's error fields. A file of its own below trpc/ and realtime/, so both may throw it without depending on
 * each other; trpc/errors.ts turns it into the answer body.
 */

type Code = TRPCError['code'];

/** Carries the optional fields of ErrorBody through tRPC's error pipeline. */
export class AppErrorCause extends Error {
  constructor(readonly extras: ErrorExtras) {
    super('app error extras');
  }
}

/** Throw this from services: a tRPC error with the product's error fields attached. */
export function appError(code: Code, message: string, extras: ErrorExtras = {}): TRPCError {
  return new TRPCError({ code, message, cause: new AppErrorCause(extras) });
}
