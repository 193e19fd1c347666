import type { PublicUser } from '../../shared/user';

/**
 * The sign-in check without the tRPC client: every page asks it first (the landing page asks nothing else), so it is
 * one plain GET of the same procedure, /trpc/auth.user, cached under the key tRPC's own hooks use for it
 * (trpc.auth.user.queryKey(), checked by a unit test). Sign-in and sign-out code that sets or invalidates that key
 * through tRPC therefore updates this query as before.
 */
export const CURRENT_USER_KEY = [['auth', 'user'], { type: 'query' }] as const;

/** An error answer of the tRPC endpoint, with the fields errorBodyOf reads (like TRPCClientError's `data`). */
export class TrpcHttpError extends Error {
  constructor(
    message: string,
    readonly data: { app?: { message: string }; httpStatus?: number } | undefined,
  ) {
    super(message);
    this.name = 'TrpcHttpError';
  }
}

interface Answer {
  result?: { data?: { json?: PublicUser | null } };
  error?: { json?: { message?: string; data?: TrpcHttpError['data'] } };
}

/** The signed-in user, or null when signed out. The answer is plain JSON: PublicUser holds no dates or maps. */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<PublicUser | null> {
  const response = await fetch('/trpc/auth.user', { signal, headers: { accept: 'application/json' } });
  let answer: Answer;
  try {
    answer = (await response.json()) as Answer;
  } catch {
    throw new TrpcHttpError(`Unexpected answer (${response.status})`, { httpStatus: response.status });
  }
  if (answer.error || !response.ok) {
    const data = answer.error?.json?.data ?? { httpStatus: response.status };
    throw new TrpcHttpError(answer.error?.json?.message ?? `Request failed (${response.status})`, data);
  }
  return answer.result?.data?.json ?? null;
}
