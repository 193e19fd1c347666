import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
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
 * - raw uPlot drawing the same series (close, MA20, MA50; candles with a minimal draw hook for the candle chart) into
 *   the same box from the same history points, and the Tickwise chart's time as a multiple of it (target: at most 1.5x).
 * Each series is drawn as a line and as candles (with volume bars under the price, as on the trading page).
 * What the pages download is measured by pages.bench.ts.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;
const MINUTE = 60_000;

const SERIES = [
  { label: '5Y daily (1,260 points)', n: 1260, step: DAY, runs: 21, max: 16 },
  { label: '1D minute (1,440 points)', n: 1440, step: MINUTE, runs: 21, max: 16 },
  { label: '100,000 points', n: 100_000, step: MINUTE, runs: 11, max: 100 },
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

/** How much slower than raw uPlot the Tickwise chart may be at drawing the same series. */
const MAX_RATIO_TO_RAW = 1.5;
const ratio = (ours: number, raw: number) => Math.round((ours / Math.max(raw, 0.01)) * 100) / 100;

/**
 * Raw uPlot's times for a series and the Tickwise chart's against them, both measured turn about (versusRaw), so
 * the ratios hold on a busy machine. uPlot has no candles of its own: the candle chart is set against raw uPlot
 * drawing the same candles with a minimal draw hook (chart-page/rawCandles.ts), not against its line.
 */
function baselineFigures(
  label: string,
  ours: { first: number; firstCandles: number; again: number },
  raw: { first: number; firstCandles: number; again: number },
): BenchFigure[] {
  return [
    { label: `raw uPlot (close, MA20, MA50 lines), ${label}, first draw`, value: raw.first, unit: 'ms' },
    { label: `raw uPlot (close, MA20, MA50 lines), ${label}, new data on a drawn chart`, value: raw.again, unit: 'ms' },
    { label: `raw uPlot (candles hook, MA20, MA50 lines), ${label}, first draw`, value: raw.firstCandles, unit: 'ms' },
    {
      label: `Tickwise / raw uPlot, ${label}, first draw`,
      value: ratio(ours.first, raw.first),
      unit: 'x',
      target: { max: MAX_RATIO_TO_RAW },
    },
    {
      label: `Tickwise candles / raw uPlot candles, ${label}, first draw`,
      value: ratio(ours.firstCandles, raw.firstCandles),
      unit: 'x',
      target: { max: MAX_RATIO_TO_RAW },
    },
    {
      label: `Tickwise / raw uPlot, ${label}, new data on a drawn chart`,
      value: ratio(ours.again, raw.again),
      unit: 'x',
      target: { max: MAX_RATIO_TO_RAW },
    },
  ];
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
      const firstCandles = await page.evaluate(
        ([n, step, runs]) => window.chartBench.firstDraw(n, step, runs, 'candles'),
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
      figures.push({
        label: `data -> drawn chart, ${s.label}, candles, first draw`,
        value: firstCandles,
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
      const versus = await page.evaluate(
        ([n, step, runs]) => window.chartBench.versusRaw(n, step, runs),
        [s.n, s.step, s.runs],
      );
      figures.push(...baselineFigures(s.label, versus.ours, versus.raw));
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

const bench: Bench = {
  name: 'charts',
  async run(): Promise<BenchFigure[]> {
    const work = mkdtempSync(join(tmpdir(), 'tickwise-chart-bench-'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // gc() for the page: each timed draw starts with the garbage of the one before collected (benchData.ts).
      args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
    });
    try {
      return await chartFigures(browser, join(work, 'chart-page'));
    } finally {
      await browser.close();
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
