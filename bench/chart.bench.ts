import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import type { Bench, BenchFigure } from './types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';

/**
 * Chart figures measured in Chromium (the flags of playwright.config.ts):
 * - data arrival -> drawn chart for 5Y daily, 1D minute and 100,000 points, first draw and redraw
 *   (targets: < 16 ms, < 100 ms for 100,000 points), at device pixel ratio 2 like a high-DPI laptop. "First draw"
 *   is a mounted chart getting its first data, as on the page; mounting and drawing in one go (a cached answer,
 *   canvas allocation included) is printed alongside without a target;
 * - one hover update;
 * - gzipped JavaScript the landing page and the trading page load, from a production build served by the
 *   real server (target < 250 KB for the trading page).
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;
const MINUTE = 60_000;

const SERIES = [
  { label: '5Y daily (1,260 points)', n: 1260, step: DAY, runs: 21, max: 16 },
  { label: '1D minute (1,440 points)', n: 1440, step: MINUTE, runs: 21, max: 16 },
  { label: '100,000 points', n: 100_000, step: MINUTE, runs: 7, max: 100 },
];

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** A static file server for the bench page build (file:// would block module scripts). */
function serveStatic(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

async function chartFigures(browser: Browser, outDir: string): Promise<BenchFigure[]> {
  await build({
    configFile: false,
    root: join(repo, 'bench/chart-page'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const { server, url } = await serveStatic(outDir);
  const figures: BenchFigure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    // Warm up the JIT on a mid-size series before timing anything.
    await page.evaluate(() => window.chartBench.firstDraw(5000, 60_000, 3));

    for (const s of SERIES) {
      const first = await page.evaluate(
        ([n, step, runs]) => window.chartBench.firstDraw(n, step, runs),
        [s.n, s.step, s.runs],
      );
      const again = await page.evaluate(
        ([n, step, runs]) => window.chartBench.redraw(n, step, runs),
        [s.n, s.step, s.runs],
      );
      figures.push({
        label: `data -> drawn chart, ${s.label}, first draw`,
        value: first,
        unit: 'ms',
        target: { max: s.max },
      });
      const cold = await page.evaluate(
        ([n, step, runs]) => window.chartBench.coldDraw(n, step, runs),
        [s.n, s.step, s.runs],
      );
      figures.push({
        label: `mount + data + draw in one go (cached answer), ${s.label}`,
        value: cold,
        unit: 'ms',
      });
      figures.push({
        label: `data -> drawn chart, ${s.label}, new data on a drawn chart`,
        value: again,
        unit: 'ms',
        target: { max: s.max },
      });
    }
    const hover = await page.evaluate(() => window.chartBench.hover(1260, 86_400_000, 200));
    const hoverBig = await page.evaluate(() => window.chartBench.hover(100_000, 60_000, 200));
    console.log(`  hover readout example: ${hover.price}; device pixel ratio 2, plot 1200x600 CSS px`);
    figures.push({ label: 'one hover update (5Y daily)', value: hover.ms, unit: 'ms', target: { max: 16 } });
    figures.push({ label: 'one hover update (100,000 points)', value: hoverBig.ms, unit: 'ms', target: { max: 16 } });
    await context.close();
  } finally {
    server.close();
  }
  return figures;
}

/** Every JavaScript file the page fetched, with its gzipped size (what goes over the wire with compression). */
async function loadedJs(
  page: Page,
  path: string,
  ready: () => Promise<unknown>,
): Promise<{ files: number; gzipBytes: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (new URL(response.url()).pathname.endsWith('.js') && response.ok()) bodies.push(response.body());
  };
  page.on('response', onResponse);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const buffers = await Promise.all(bodies);
  return { files: buffers.length, gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) };
}

async function bundleFigures(browser: Browser, clientDir: string, dataDir: string): Promise<BenchFigure[]> {
  await build({
    configFile: join(repo, 'vite.config.ts'),
    root: join(repo, 'src/client'),
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true },
  });
  // The real server (simulated market, temp database) serving that build.
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { closeDeps, createDeps } = await import('../src/server/deps');
  const deps = createDeps(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: join(dataDir, 'bench.db'),
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    }),
  );
  const { http } = await buildApp(deps, { clientDir });
  await http.listen({ host: '127.0.0.1', port: 0 });
  const address = http.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const measure = async (path: string, ready: (page: Page) => Promise<unknown>) => {
      // A fresh context per page: nothing cached from the other one.
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const result = await loadedJs(page, path, () => ready(page));
      await context.close();
      return result;
    };
    const landing = await measure('/', (page) => page.waitForSelector('h1'));
    const trading = await measure('/trading', (page) =>
      page.waitForSelector('[data-testid=price-chart][data-point-count]:not([data-point-count="0"])'),
    );
    console.log(`  landing page: ${landing.files} JS files; trading page: ${trading.files} JS files (gzip level 9)`);
    return [
      {
        label: 'JavaScript loaded by the landing page (gzip)',
        value: Math.round(landing.gzipBytes / 102.4) / 10,
        unit: 'KB',
      },
      {
        label: 'JavaScript loaded by the trading page (gzip)',
        value: Math.round(trading.gzipBytes / 102.4) / 10,
        unit: 'KB',
        target: { max: 250 },
      },
    ];
  } finally {
    await http.close();
    closeDeps(deps);
  }
}

const bench: Bench = {
  name: 'charts',
  async run(): Promise<BenchFigure[]> {
    const work = mkdtempSync(join(tmpdir(), 'tickwise-chart-bench-'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const chart = await chartFigures(browser, join(work, 'chart-page'));
      const bundles = await bundleFigures(browser, join(work, 'client'), work);
      return [...chart, ...bundles];
    } finally {
      await browser.close();
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
