import { TrpcHttpError } from '../plainTrpcQuery';

/**
 * One tRPC query over HTTP without the tRPC client (the trading page's JavaScript budget has no room for it): a GET
 * in the batch form httpBatchLink sends (`/trpc/{path}?batch=1&input={"0":{"json":…}}`), so the request and its
 * answer look on the wire as they did with the client. Only for procedures whose input and answer are plain JSON
 * (no dates or maps for superjson to revive). A failure throws like the tRPC client: an answer's error carries its
 * `data` (status, app error); a request that never got an answer throws fetch's own TypeError (read as offline).
 */
export async function trpcCall<T>(path: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ 0: { json: input } }));
  const response = await fetch(`/trpc/${path}?batch=1&input=${query}`, { headers: { accept: 'application/json' } });
  let slot: { result?: { data?: { json?: T } }; error?: { json?: { message?: string; data?: TrpcHttpError['data'] } } };
  try {
    slot = ((await response.json()) as (typeof slot)[])[0];
  } catch {
    throw new TrpcHttpError(`Unexpected answer (${response.status})`, { httpStatus: response.status });
  }
  if (!slot || slot.error) {
    const data = slot?.error?.json?.data ?? { httpStatus: response.status };
    throw new TrpcHttpError(slot?.error?.json?.message ?? `Request failed (${response.status})`, data);
  }
  return slot.result?.data?.json as T;
}
