/**
 * A tRPC query read without the tRPC client, for the few answers the landing page needs (its JavaScript budget has
 * no room for the client): one plain GET of `/trpc/{path}`, cached under the key tRPC's own hooks give that
 * procedure, so code that sets or invalidates it through tRPC updates these queries too. Only for procedures with no
 * input whose answers are plain JSON (no dates or maps for superjson to revive).
 */

/** tRPC's query key of a procedure without input, e.g. [['auth', 'user'], { type: 'query' }]. */
export function plainQueryKey<const A extends string, const B extends string>(router: A, procedure: B) {
  return [[router, procedure], { type: 'query' }] as const;
}

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

interface Answer<T> {
  result?: { data?: { json?: T } };
  error?: { json?: { message?: string; data?: TrpcHttpError['data'] } };
}

/** The procedure's answer (null when it answered nothing); a failure throws like the tRPC client would. */
export async function fetchPlainQuery<T>(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<T | null> {
  const response = await fetch(`/trpc/${path}`, { signal, headers: { accept: 'application/json' } });
  let answer: Answer<T>;
  try {
    answer = (await response.json()) as Answer<T>;
  } catch {
    throw new TrpcHttpError(`Unexpected answer (${response.status})`, { httpStatus: response.status });
  }
  if (answer.error || !response.ok) {
    const data = answer.error?.json?.data ?? { httpStatus: response.status };
    throw new TrpcHttpError(answer.error?.json?.message ?? `Request failed (${response.status})`, data);
  }
  return answer.result?.data?.json ?? null;
}
