import { expect, test, type Page } from '@playwright/test';
import { TIMEFRAMES, TOOLBAR_TIMEFRAMES } from '../../src/shared/market/constants';
import { failMarketCall, rewriteMarketCall } from './marketFaults';

/** Chart stories on the trading page. The chart mirrors its state in data- attributes on [data-testid=price-chart]. */

test.use({ viewport: { width: 1440, height: 900 } });

const chart = (page: Page) => page.getByTestId('price-chart');
const timeframeButton = (page: Page, tf: string) =>
  page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: tf, exact: true });

/** Non-transparent pixels on uPlot's canvas: proof that something was painted, not just mounted. */
async function paintedPixels(page: Page): Promise<number> {
  return chart(page).evaluate((host) => {
    const canvas = host.querySelector('canvas');
    if (!canvas || canvas.width === 0) return 0;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
    return painted;
  });
}

async function historyLength(page: Page, symbol: string, period: string): Promise<number> {
  const response = await page.request.get(`/api/stock/${symbol}/history?period=${period}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

test('every timeframe draws the server history', async ({ page }) => {
  // Every timeframe drawn in turn: 18 s here, and CI's machine is slower.
  test.slow();
  await page.goto('/trading?symbol=AAPL&range=5Y');
  for (const tf of TIMEFRAMES) {
    if (TOOLBAR_TIMEFRAMES.includes(tf)) {
      await timeframeButton(page, tf).click();
    } else {
      // The desktop toolbar has no YTD (product.md §2): it is reached through the address.
      await page.goto(`/trading?symbol=AAPL&range=${tf}`);
    }
    await expect(page).toHaveURL(new RegExp(`range=${tf}`));
    if (TOOLBAR_TIMEFRAMES.includes(tf))
      await expect(timeframeButton(page, tf)).toHaveAttribute('aria-pressed', 'true');
    const figure = page.getByRole('figure', { name: `AAPL price chart, ${tf}` });
    // The previous range stays under the loading overlay until this one has arrived.
    await expect(figure).toHaveAttribute('data-loading', 'false');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    const expected = await historyLength(page, 'AAPL', tf);
    expect(expected).toBeGreaterThan(1);
    // A live push may have added the current bar since the page's fetch, or the page's fetch may be a bar behind ours.
    const drawn = Number(await chart(page).getAttribute('data-point-count'));
    expect(Math.abs(drawn - expected), `${tf}: drew ${drawn} points, server has ${expected}`).toBeLessThanOrEqual(1);
    expect(await paintedPixels(page)).toBeGreaterThan(1000);
  }
});

test('moving averages, buy and sell toggles hide and show their series independently', async ({ page }) => {
  await page.goto('/trading?symbol=MSFT&range=1Y');
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,ma20,ma50,buy,sell');

  const ma = page.getByRole('button', { name: 'Moving averages' });
  const buy = page.getByRole('button', { name: 'Buy signals' });
  const sell = page.getByRole('button', { name: 'Sell signals' });

  await ma.click();
  await expect(ma).toHaveAttribute('aria-pressed', 'false');
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,buy,sell');
  await expect(page.getByRole('listitem').filter({ hasText: 'MA20' })).toHaveAttribute('data-shown', 'false');

  await buy.click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,sell');
  await sell.click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price');

  await ma.click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,ma20,ma50');
  await expect(buy).toHaveAttribute('aria-pressed', 'false');
  await buy.click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,ma20,ma50,buy');
  await expect(page.getByRole('listitem').filter({ hasText: 'MA20' })).toHaveAttribute('data-shown', 'true');
});

test('hovering shows the price and time of the nearest point', async ({ page }) => {
  await page.goto('/trading?symbol=NVDA&range=6M');
  await expect(page.getByRole('figure', { name: 'NVDA price chart, 6M' })).toHaveAttribute('data-state', 'ready');
  const plot = chart(page).locator('.u-over');
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);

  const tooltip = chart(page).locator('.tw-chart-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('.tw-chart-tooltip-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(tooltip.locator('.tw-chart-tooltip-time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  // The readout is the close of a real point of the series.
  const hoverPrice = Number(await chart(page).getAttribute('data-hover-price'));
  const hoverTime = Number(await chart(page).getAttribute('data-hover-time'));
  const history = (await (await page.request.get('/api/stock/NVDA/history?period=6M')).json()) as {
    time: number;
    close: number;
  }[];
  const point = history.find((p) => p.time === hoverTime);
  expect(point, 'hovered time is one of the points').toBeDefined();
  expect(hoverPrice).toBeCloseTo(point!.close, 2);
  const shown = (await tooltip.locator('.tw-chart-tooltip-price').textContent())!.replace(/[$,]/g, '');
  expect(Number(shown)).toBeCloseTo(point!.close, 2);

  // Moving to the far right lands on the newest point.
  await page.mouse.move(box.x + box.width - 1, box.y + box.height * 0.5);
  await expect
    .poll(async () => Number(await chart(page).getAttribute('data-hover-time')))
    .toBeGreaterThanOrEqual(history[history.length - 1].time);

  await page.mouse.move(box.x - 40, box.y - 40);
  await expect(tooltip).toBeHidden();
  await expect(chart(page)).not.toHaveAttribute('data-hover-price', /.*/);
});

test('on intraday ranges the hover time reads on the 12-hour clock, like the time axis', async ({ page }) => {
  await page.goto('/trading?symbol=NVDA&range=1D');
  await expect(page.getByRole('figure', { name: 'NVDA price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  const box = (await chart(page).locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await expect(chart(page).locator('.tw-chart-tooltip-time')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s?[AP]M$/,
  );
});

test('1D signals are the confirmed crossovers, a handful at most, drawn without overlapping', async ({ page }) => {
  await page.goto('/trading?symbol=SPY&range=1D');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  const signals =
    Number(await chart(page).getAttribute('data-buy-count')) +
    Number(await chart(page).getAttribute('data-sell-count'));
  // A session may have no confirmed cross yet (just after the open): zero is as honest as six.
  expect(signals).toBeLessThanOrEqual(6);
  const drawn = Number(await chart(page).getAttribute('data-markers-drawn'));
  expect(drawn).toBeLessThanOrEqual(signals);
  await page.getByRole('button', { name: 'Buy signals' }).click();
  await page.getByRole('button', { name: 'Sell signals' }).click();
  await expect(chart(page)).toHaveAttribute('data-markers-drawn', '0');
});

test('toggles changed while the history is still loading apply to its first paint', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('stocks.history'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/trading?symbol=AMZN&range=1Y');
  const figure = page.getByRole('figure', { name: 'AMZN price chart, 1Y' });
  await expect(figure).toHaveAttribute('data-state', 'loading');
  await page.getByRole('button', { name: 'Moving averages' }).click();
  await page.getByRole('button', { name: 'Sell signals' }).click();
  release();
  await expect(figure).toHaveAttribute('data-state', 'ready');
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,buy');
  expect(await paintedPixels(page)).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
});

test('a drawn line appears and is cleared when the timeframe or the symbol changes', async ({ page }) => {
  await page.goto('/trading?symbol=TSLA&range=1M');
  await expect(page.getByRole('figure', { name: 'TSLA price chart, 1M' })).toHaveAttribute('data-state', 'ready');
  const plot = chart(page).locator('.u-over');
  const box = (await plot.boundingBox())!;

  async function drag(fromX: number, fromY: number, toX: number, toY: number) {
    await page.mouse.move(box.x + box.width * fromX, box.y + box.height * fromY);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * ((fromX + toX) / 2), box.y + box.height * ((fromY + toY) / 2), {
      steps: 4,
    });
    await page.mouse.move(box.x + box.width * toX, box.y + box.height * toY, { steps: 4 });
    await page.mouse.up();
  }

  // Not in drawing mode: a drag draws nothing.
  await drag(0.2, 0.3, 0.5, 0.6);
  await expect(chart(page)).toHaveAttribute('data-lines', '0');

  await page.getByRole('button', { name: 'Draw lines' }).click();
  await expect(chart(page)).toHaveAttribute('data-drawing', 'true');
  await drag(0.2, 0.3, 0.5, 0.6);
  await expect(chart(page)).toHaveAttribute('data-lines', '1');
  await drag(0.6, 0.7, 0.9, 0.2);
  await expect(chart(page)).toHaveAttribute('data-lines', '2');

  // The lines are painted on the drawing layer.
  const linePixels = await chart(page)
    .locator('canvas.tw-chart-drawing')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
      return painted;
    });
  expect(linePixels).toBeGreaterThan(200);

  // A click (no drag) is not a line.
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await expect(chart(page)).toHaveAttribute('data-lines', '2');

  await timeframeButton(page, '5D').click();
  await expect(chart(page)).toHaveAttribute('data-lines', '0');
  // While the new range loads, the loading overlay covers the chart.
  await expect(page.getByRole('figure', { name: 'TSLA price chart, 5D' })).toHaveAttribute('data-loading', 'false');

  await drag(0.3, 0.3, 0.6, 0.5);
  await expect(chart(page)).toHaveAttribute('data-lines', '1');
  await page.locator('[data-symbol="AAPL"]').click();
  await expect(page).toHaveURL(/symbol=AAPL/);
  await expect(chart(page)).toHaveAttribute('data-lines', '0');
});

test('a failed history fetch shows the error toast', async ({ page }) => {
  await failMarketCall(page, 'stocks.history');
  await page.goto('/trading?symbol=META&range=1Y');
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to fetch historical data' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  await expect(page.getByRole('figure', { name: 'META price chart, 1Y' })).toHaveAttribute('data-state', 'error');
  // The quote did not fail with it: the header card still has the price.
  await expect(page.getByTestId('chart-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
});

test('fewer than 2 points shows a clear message instead of a chart', async ({ page }) => {
  await rewriteMarketCall(page, 'stocks.history', (points) => (points as unknown[]).slice(-1));
  await page.goto('/trading?symbol=GOOGL&range=6M');
  const figure = page.getByRole('figure', { name: 'GOOGL price chart, 6M' });
  await expect(figure).toHaveAttribute('data-state', 'too-few-points');
  await expect(figure.getByText('Not enough data to draw a chart')).toBeVisible();
  await expect(figure.getByText(/at least 2 price points; this range has 1/)).toBeVisible();
  await expect(chart(page)).toHaveAttribute('data-point-count', '0');
  // The (empty) plot stays mounted for the next answer, but nothing is painted: no line, no axes.
  expect(await paintedPixels(page)).toBe(0);
});

test('the chart follows its container when the window resizes', async ({ page }) => {
  await page.goto('/trading?symbol=SPY&range=1Y');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1Y' })).toHaveAttribute('data-state', 'ready');
  const widthOf = () =>
    chart(page)
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);
  const before = await widthOf();
  // Still wide enough for the Popular panel, so the chart column itself shrinks by 140 px.
  await page.setViewportSize({ width: 1300, height: 800 });
  await expect.poll(widthOf).toBeLessThan(before - 100);
  const host = await chart(page).evaluate((h) => h.clientWidth);
  expect(Math.abs((await widthOf()) - host)).toBeLessThanOrEqual(2);
});

test('live pushes move the chart and the header card without re-fetching the history', async ({ page }) => {
  // The history answer is cut two bars short and the quote answer made stale on purpose: only the live push
  // over the websocket (the current bar and quote) can bring the chart and the header back to the present.
  let historyCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('stocks.history')) historyCalls += 1;
  });
  await rewriteMarketCall(page, 'stocks.history', (points) => (points as unknown[]).slice(0, -2));
  await rewriteMarketCall(page, 'stocks.quote', (quote) => ({ ...(quote as object), regularMarketPrice: 1 }));
  const full = await historyLength(page, 'AAPL', '1D');

  await page.goto('/trading?symbol=AAPL&range=1D');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  // The push re-adds the current minute's bar: one more point than the shortened answer.
  await expect
    .poll(async () => Number(await chart(page).getAttribute('data-point-count')))
    .toBeGreaterThanOrEqual(full - 1);
  await expect(page.getByTestId('chart-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('chart-price')).not.toHaveText('$1.00');
  expect(historyCalls).toBe(1);
});
