import type { Page, Route } from '@playwright/test';

/**
 * Make one market call fail (or answer differently) on purpose while the browser talks to the real server.
 * The client batches tRPC calls (GET /trpc/a,b,c?batch=1&input={"0":{"json":...},...}), so a whole-request 500
 * would also break the calls next to it: instead the real request goes through and only the chosen call's slot
 * in the batch answer is replaced.
 */

type InputMatcher = (input: unknown) => boolean;
type ResultRewriter = (data: unknown) => unknown;

interface BatchCall {
  procedure: string;
  input: unknown;
}

function batchCalls(url: URL): BatchCall[] {
  const procedures = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
  const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { json?: unknown } | undefined>;
  return procedures.map((procedure, i) => ({ procedure, input: inputs[String(i)]?.json }));
}

async function interceptCalls(
  page: Page,
  procedure: string,
  matches: InputMatcher,
  replace: (slot: { result?: { data?: { json?: unknown } } }) => unknown,
  times: number,
): Promise<{ count: () => number }> {
  let count = 0;
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    const calls = batchCalls(url);
    const hit = calls.map((c) => c.procedure === procedure && matches(c.input));
    if (!hit.some(Boolean) || count >= times) return route.continue();
    count += 1;
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    const answer = body.map((slot, i) => (hit[i] ? replace(slot as never) : slot));
    const allFailed = answer.every((slot) => typeof slot === 'object' && slot !== null && 'error' in slot);
    await route.fulfill({
      status: allFailed ? 500 : answer.some((s) => typeof s === 'object' && s !== null && 'error' in s) ? 207 : 200,
      contentType: 'application/json',
      body: JSON.stringify(answer),
    });
  };
  await page.route((url) => url.pathname.startsWith('/trpc/') && url.pathname.includes(procedure), handler);
  return { count: () => count };
}

/** The chosen call answers like a server failure (HTTP 500, INTERNAL_SERVER_ERROR), `times` times. */
export function failMarketCall(page: Page, procedure: string, matches: InputMatcher = () => true, times = Infinity) {
  return interceptCalls(
    page,
    procedure,
    matches,
    () => ({
      error: {
        json: {
          message: 'Injected failure',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: procedure },
        },
      },
    }),
    times,
  );
}

/** The chosen call's real answer, transformed (e.g. a history cut down to one point). */
export function rewriteMarketCall(
  page: Page,
  procedure: string,
  rewrite: ResultRewriter,
  matches: InputMatcher = () => true,
) {
  return interceptCalls(
    page,
    procedure,
    matches,
    (slot) => ({ result: { data: { json: rewrite(slot.result?.data?.json) } } }),
    Infinity,
  );
}

/** Input matcher for the popular watchlist's quotes call (it is the only one asking for the indices). */
export const isWatchlistQuotes: InputMatcher = (input) =>
  typeof input === 'object' && input !== null && JSON.stringify(input).includes('^DJI');
