import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 18: the simulated market keeps exchange hours and says so, its charts carry a handful of signals, junk input
 * is "not a ticker", and the labels and colours tell the truth. The e2e server runs on the real clock, so every test
 * here holds whether the simulated exchange is open or closed at the moment it runs.
 */

const chart = (page: Page) => page.getByTestId('price-chart');
const quoteOf = async (page: Page, symbol: string) =>
  (await (await page.request.get(`/api/stock/${encodeURIComponent(symbol)}`)).json()) as {
    regularMarketPrice: number;
    marketState: 'open' | 'closed';
  };

test('the header says "Market closed" with the last session exactly while the exchange is closed', async ({ page }) => {
  await page.goto('/trading?symbol=SPY&range=1D');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  const card = page.getByTestId('chart-header');
  // Read the state on both sides of the check: a session may open or close in between.
  const before = await quoteOf(page, 'SPY');
  const shown = (await page.getByTestId('market-closed').count()) > 0;
  const after = await quoteOf(page, 'SPY');
  expect([before.marketState === 'closed', after.marketState === 'closed']).toContain(shown);
  if (shown) await expect(card).toContainText('Last session');
  // Crypto trades around the clock: never closed.
  await page.goto('/trading?symbol=BTC-USD&range=1D');
  await expect(page.getByRole('figure', { name: 'BTC-USD price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('market-closed')).toHaveCount(0);
  await expect(page.getByTestId('chart-header')).toContainText('Today');
});

test('a 1D chart is one session with a handful of BUY/SELL markers, not 24 hours of whipsaws', async ({ page }) => {
  for (const symbol of ['SPY', 'AAPL', 'TSLA']) {
    await page.goto(`/trading?symbol=${symbol}&range=1D`);
    await expect(page.getByRole('figure', { name: `${symbol} price chart, 1D` })).toHaveAttribute(
      'data-state',
      'ready',
    );
    // 09:30-16:00 New York is 390 minutes; the old around-the-clock day had 1,440.
    expect(Number(await chart(page).getAttribute('data-point-count'))).toBeLessThanOrEqual(391);
    const signals =
      Number(await chart(page).getAttribute('data-buy-count')) +
      Number(await chart(page).getAttribute('data-sell-count'));
    expect(signals, symbol).toBeLessThanOrEqual(6);
  }
});

test('junk such as $$%! says "not a ticker" with suggestions, no outage message or toast', async ({ page }) => {
  await page.goto('/trading');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  const input = page.getByRole('combobox', { name: 'Search a stock to chart' });
  await input.fill('$$%!');
  await input.press('Enter');
  const figure = page.getByRole('figure', { name: '$$%! price chart, 1D' });
  await expect(figure.getByTestId('symbol-not-found')).toContainText('"$$%!" is not a ticker.');
  await expect(page.getByTestId('chart-company')).toHaveText('Not a ticker');
  await expect(figure.getByRole('list', { name: 'Suggested stocks' }).getByRole('button')).toHaveCount(5);
  await expect(page.getByText('Historical prices could not be loaded')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch historical data' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('recentStockSearches'))).toBeNull();
});

test('an unknown ticker typed and searched never enters Recent searches; a known one does', async ({ page }) => {
  await page.goto('/trading');
  const input = page.getByRole('combobox', { name: 'Search a stock to chart' });
  await input.fill('qqzzx');
  await expect(page.getByText('No stocks found for "qqzzx"')).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(/symbol=QQZZX/);
  await expect(page.getByTestId('symbol-not-found')).toBeVisible();
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('recentStockSearches') ?? '[]') as string[]);
  expect(await stored()).toEqual([]);
  await input.fill('MSFT');
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAttribute('data-symbol', 'MSFT');
  await input.press('Enter');
  await expect(page.getByTestId('chart-symbol')).toHaveText('MSFT');
  expect(await stored()).toEqual(['MSFT']);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the tools bar (timeframes, Tools, Popular, AI agent) is on the first screen', async ({ page }) => {
    await page.goto('/trading');
    await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
    const timeframes = page.getByRole('group', { name: 'Timeframe' }).getByRole('button');
    await expect(timeframes).toHaveCount(7);
    for (const button of [
      ...(await timeframes.all()),
      ...['Tools', 'Popular', 'AI agent'].map((name) => page.getByRole('button', { name, exact: true })),
    ]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height, (await button.textContent()) ?? '').toBeLessThanOrEqual(844);
    }
    await timeframes.filter({ hasText: '5D' }).click();
    await expect(page).toHaveURL(/range=5D/);
    await expect(page.getByRole('figure', { name: 'SPY price chart, 5D' })).toHaveAttribute('data-state', 'ready');
  });
});

test('the landing page and the stock page call simulated data and the rule-based score what they are', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Live charts on a simulated market')).toBeVisible();
  await expect(page.getByText('Simulated market data (practice prices)')).toBeVisible();
  await expect(page.getByText('Real-time market data')).toHaveCount(0);
  await page.goto('/stock-search?symbol=AAPL');
  await expect(page.getByRole('heading', { name: 'Rule-based score' })).toBeVisible();
  await expect(page.getByText('AI rating')).toHaveCount(0);
});

test('the headline gradient is at least 3:1 against the light page at both ends', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  const stops = await page.getByTestId('hero-gradient').evaluate((el) => {
    const image = getComputedStyle(el).backgroundImage;
    return [...image.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
  });
  expect(stops.length).toBe(2);
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  // Against white, the page's light background.
  for (const stop of stops) expect(1.05 / (luminance(stop) + 0.05)).toBeGreaterThanOrEqual(3);
});
