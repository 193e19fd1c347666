import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from './http';

/**
 * Yahoo Finance's real recorded answers (tests/fixtures/yahoo, the project's own copy; a missing file fails the
 * test that reads it), served through an injected fetch that speaks Yahoo's protocol: cookie + crumb handshake, v7 quote with many
 * symbols, v1 search, v8 chart, v10 quoteSummary (from fixtures written by hand in its shape: dividends and earnings
 * dates), and Yahoo's own "not found" answers for anything unrecorded.
 */
export const YAHOO_FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/yahoo');

interface Recorded {
  request: { url: string };
  response: { status: number; bodyJson: Json };
}

export function readFixture(name: string): Recorded {
  return JSON.parse(readFileSync(resolve(YAHOO_FIXTURES_DIR, name), 'utf8'));
}

/** Daily closes of every recorded chart, keyed by file name (for indicator tests on real series). */
export function fixtureDailyCloses(): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const file of readdirSync(YAHOO_FIXTURES_DIR)) {
    if (!/^(chart|historical-via-chart)-.*\.json$/.test(file)) continue;
    const result = readFixture(file).response.bodyJson?.chart?.result?.[0];
    const closes: Array<number | null> = result?.indicators?.quote?.[0]?.close ?? [];
    out.set(
      file,
      closes.filter((c): c is number => typeof c === 'number'),
    );
  }
  return out;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface YahooFixtureFetch {
  fetch: typeof fetch;
  /** Every URL asked for, in order. */
  urls: string[];
  /** When set, every Yahoo API call answers 500 (the handshake still works). */
  failing: boolean;
}

export function createYahooFixtureFetch(): YahooFixtureFetch {
  const files = readdirSync(YAHOO_FIXTURES_DIR).filter((f) => f.endsWith('.json'));
  const state: YahooFixtureFetch = {
    urls: [],
    failing: false,
    // Like fetch, answers (and fails) asynchronously.
    fetch: (input) =>
      Promise.resolve().then(() => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        state.urls.push(url.href);
        if (url.hostname === 'finance.yahoo.com') {
          return new Response('<html></html>', {
            headers: { 'set-cookie': 'A3=fixture; Domain=.yahoo.com; Path=/; Max-Age=31536000; Secure' },
          });
        }
        if (url.pathname === '/v1/test/getcrumb') return new Response('fixture-crumb');
        if (state.failing)
          return json(
            { finance: { result: null, error: { code: 'Internal Server Error', description: 'down' } } },
            500,
          );

        if (url.pathname === '/v7/finance/quote') {
          const symbols = (url.searchParams.get('symbols') ?? '').split(',');
          const result = symbols.flatMap((s) =>
            files.includes(`quote-${s}.json`)
              ? readFixture(`quote-${s}.json`).response.bodyJson.quoteResponse.result
              : [],
          );
          return json({ quoteResponse: { result, error: null } });
        }
        if (url.pathname === '/v1/finance/search') {
          const name = `search-${(url.searchParams.get('q') ?? '').replace(/ /g, '_')}.json`;
          if (files.includes(name)) return json(readFixture(name).response.bodyJson);
          return json({
            explains: [],
            count: 0,
            quotes: [],
            news: [],
            nav: [],
            lists: [],
            researchReports: [],
            totalTime: 1,
            timeTakenForQuotes: 1,
            timeTakenForNews: 0,
            timeTakenForAlgowatchlist: 0,
            timeTakenForPredefinedScreener: 0,
            timeTakenForCrunchbase: 0,
            timeTakenForNav: 0,
            timeTakenForResearchReports: 0,
            timeTakenForScreenerField: 0,
            timeTakenForCulturalAssets: 0,
            timeTakenForSearchLists: 0,
          });
        }
        if (url.pathname.startsWith('/v8/finance/chart/')) {
          const symbol = decodeURIComponent(url.pathname.slice('/v8/finance/chart/'.length));
          // A dividends-only call (events=div) gets the symbol's dividend chart when one was written.
          if (url.searchParams.get('events') === 'div' && files.includes(`chart-dividends-${symbol}.json`))
            return json(readFixture(`chart-dividends-${symbol}.json`).response.bodyJson);
          // The longest recording of that symbol stands in for any range.
          const candidates = files
            .filter(
              (f) =>
                f.startsWith(`chart-${symbol}-`) ||
                f === `chart-${symbol}.json` ||
                f.startsWith(`historical-via-chart-${symbol}-`) ||
                f.startsWith(`historical-via-chart-dividends-${symbol}-`),
            )
            .map((f) => readFixture(f).response.bodyJson)
            .sort((a, b) => (b.chart.result[0].timestamp?.length ?? 0) - (a.chart.result[0].timestamp?.length ?? 0));
          if (candidates[0]) return json(candidates[0]);
          return json(
            {
              chart: {
                result: null,
                error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
              },
            },
            404,
          );
        }
        if (url.pathname.startsWith('/v10/finance/quoteSummary/')) {
          const symbol = decodeURIComponent(url.pathname.slice('/v10/finance/quoteSummary/'.length));
          if (files.includes(`quoteSummary-${symbol}.json`)) {
            // Like Yahoo, only the modules asked for (a module the symbol lacks is simply absent).
            const modules = (url.searchParams.get('modules') ?? '').split(',');
            const body = readFixture(`quoteSummary-${symbol}.json`).response.bodyJson;
            const all = body.quoteSummary.result[0] as Record<string, Json>;
            const result = Object.fromEntries(Object.entries(all).filter(([module]) => modules.includes(module)));
            return json({ quoteSummary: { result: [result], error: null } });
          }
          return json(
            { quoteSummary: { result: null, error: { code: 'Not Found', description: 'Quote not found for symbol' } } },
            404,
          );
        }
        return json({ finance: { result: null, error: { code: 'Not Found', description: 'Unknown endpoint' } } }, 404);
      }),
  };
  return state;
}
