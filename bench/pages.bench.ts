import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ensureFreshBuild } from '../scripts/lib/productionServer';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';
import {
  FIRST_PAINT_PAGES,
  firstPaintScripts,
  readChunkGraph,
  SHARED_FIRST_PAINT_BUDGET_KB,
  sharedFirstPaintScripts,
  totalGzipKb,
  TRADING_ALL_SCRIPTS_BUDGET_KB,
} from '../tests/helpers/scriptBudget';
import { startTickwiseLikeNpmStart } from './lib/startedServer';
import type { Bench, BenchFigure } from './types';

/**
 * What a visitor's browser downloads and how soon it paints, against the production build served the way `npm start`
 * serves it (compressed copies, cache headers), in Chromium on loopback:
 * - bytes transferred on a first visit to / and /trading (everything: page, scripts, styles, API answers), and what
 *   a repeat visit fetches again (target: index.html only, besides live data);
 * - first contentful paint of / and /trading on a first visit (median of several, target < 400 ms);
 * - gzipped JavaScript each page loads (level 9 per file, as the bundle budgets count it), and what / and /trading
 *   need before their first paint, from the build's script graph (docs/decisions/017-javascript-budget.md; the e2e
 *   test tests/e2e/script-budget.spec.ts holds the same budget).
 */

const FCP_RUNS = Number(process.env.BENCH_FCP_RUNS ?? 5);
const KB = 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;

interface RoutePlan {
  path: string;
  label: string;
  /** The page is ready when this selector is in the DOM. */
  ready: string;
  jsBudgetKb?: number;
}

const CHART_READY = '[data-testid=price-chart][data-point-count]:not([data-point-count="0"])';
/** Every script of the trading page within its budget (gzip); the first paint's budgets are counted from the build. */
const ROUTES: RoutePlan[] = [
  { path: '/', label: 'landing page /', ready: 'h1' },
  { path: '/trading', label: 'trading page /trading', ready: CHART_READY, jsBudgetKb: TRADING_ALL_SCRIPTS_BUDGET_KB },
  { path: '/stock-search?symbol=AAPL', label: '/stock-search', ready: CHART_READY },
  { path: '/auth', label: '/auth', ready: 'form' },
  { path: '/updates', label: '/updates', ready: 'h1' },
  { path: '/contact', label: '/contact', ready: 'h1' },
  { path: '/terms-of-service', label: '/terms-of-service', ready: 'h1' },
];

interface Transfer {
  /** Bytes over the wire (headers included), per URL path. */
  byPath: Map<string, number>;
  total: number;
}

/** Counts what the page really fetched from the network (cache hits transfer nothing), via the DevTools protocol. */
async function recordTransfers(context: BrowserContext, page: Page): Promise<() => Transfer> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const byPath = new Map<string, number>();
  let total = 0;
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (!url || e.encodedDataLength === 0) return;
    const path = new URL(url).pathname;
    byPath.set(path, (byPath.get(path) ?? 0) + e.encodedDataLength);
    total += e.encodedDataLength;
  });
  return () => ({ byPath: new Map(byPath), total });
}

async function visitSizes(browser: Browser, base: string, route: RoutePlan) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const transfers = await recordTransfers(context, page);
  const jsBodies: Promise<[string, Buffer]>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js') && response.ok()) jsBodies.push(response.body().then((b) => [path, b]));
  });
  await page.goto(route.path);
  await page.waitForSelector(route.ready, { state: 'attached' });
  await page.waitForLoadState('networkidle');
  const first = transfers();
  const js = (await Promise.all(jsBodies)).map(([path, body]) => [path, gzipSync(body, { level: 9 }).length] as const);
  if (process.env.BENCH_VERBOSE) {
    console.log(`  ${route.path}: ${js.map(([p, n]) => `${p.replace('/assets/', '')} ${round1(n / KB)}`).join(', ')}`);
  }
  // Repeat visit in the same browser: what is fetched again besides live data (API and websocket)?
  await page.goto('about:blank');
  const beforeRepeat = transfers();
  await page.goto(route.path);
  await page.waitForSelector(route.ready, { state: 'attached' });
  await page.waitForLoadState('networkidle');
  const afterRepeat = transfers();
  const refetched = [...afterRepeat.byPath.keys()].filter(
    (p) => (afterRepeat.byPath.get(p) ?? 0) > (beforeRepeat.byPath.get(p) ?? 0) && !/^\/(trpc|api)\//.test(p),
  );
  await context.close();
  return {
    firstBytes: first.total,
    firstStatic: [...first.byPath].filter(([p]) => !/^\/(trpc|api)\//.test(p)).reduce((s, [, n]) => s + n, 0),
    jsFiles: js.length,
    jsGzip: js.reduce((sum, [, n]) => sum + n, 0),
    repeatStatic: refetched,
  };
}

/** First contentful paint of a first visit (fresh context, nothing cached), median of FCP_RUNS. */
async function firstContentfulPaint(browser: Browser, base: string, route: RoutePlan): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < FCP_RUNS; i++) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(route.path);
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    samples.push(fcp);
    await context.close();
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** What index.html loads before any page paints, and what / and /trading need before their first paint. */
function firstPaintFigures(): BenchFigure[] {
  const graph = readChunkGraph();
  const shared = sharedFirstPaintScripts(graph);
  return [
    {
      label: `JavaScript index.html loads before any page paints (gzip, ${shared.size} files)`,
      value: totalGzipKb(shared),
      unit: 'KB',
      target: { max: SHARED_FIRST_PAINT_BUDGET_KB },
    },
    ...FIRST_PAINT_PAGES.map((page): BenchFigure => {
      const scripts = firstPaintScripts(graph, page);
      return {
        label: `JavaScript needed for the first paint of ${page.path} (gzip, ${scripts.size} files)`,
        value: totalGzipKb(scripts),
        unit: 'KB',
        target: { max: page.budgetKb },
      };
    }),
  ];
}

const bench: Bench = {
  name: 'pages: transfer, first paint, JavaScript per route',
  async run(): Promise<BenchFigure[]> {
    ensureFreshBuild();
    const server = await startTickwiseLikeNpmStart();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const figures: BenchFigure[] = [];
    try {
      figures.push(...firstPaintFigures());
      // One unmeasured visit warms the server's caches and Chromium's own start-up paths.
      await firstContentfulPaint(browser, server.url, ROUTES[0]);
      for (const route of ROUTES) {
        const sizes = await visitSizes(browser, server.url, route);
        const first = route.path === '/' || route.path === '/trading';
        if (first) {
          console.log(
            `  ${route.label}: first visit ${round1(sizes.firstBytes / KB)} KB (${round1(sizes.firstStatic / KB)} KB page, scripts and styles); ` +
              `repeat visit fetches again: ${sizes.repeatStatic.join(', ') || 'nothing'}`,
          );
          figures.push({
            label: `first visit to ${route.path}: bytes transferred`,
            value: round1(sizes.firstBytes / KB),
            unit: 'KB',
            target: { max: 350 },
          });
          figures.push({
            label: `repeat visit to ${route.path}: static files fetched again besides index.html`,
            value: sizes.repeatStatic.filter((p) => p !== route.path.split('?')[0]).length,
            unit: 'files',
            target: { max: 1 },
          });
        }
        figures.push({
          label: `JavaScript loaded by ${route.label} (gzip, ${sizes.jsFiles} files)`,
          value: round1(sizes.jsGzip / KB),
          unit: 'KB',
          ...(route.jsBudgetKb ? { target: { max: route.jsBudgetKb } } : {}),
        });
      }
      for (const route of ROUTES.slice(0, 2)) {
        figures.push({
          label: `first contentful paint of ${route.path} (first visit, median of ${FCP_RUNS})`,
          value: Math.round(await firstContentfulPaint(browser, server.url, route)),
          unit: 'ms',
          target: { max: 400 },
        });
      }
      return figures;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

export default bench;
