import { expect, test, type Page } from '@playwright/test';
import { failMarketCall, isWatchlistQuotes } from './marketFaults';
import { AGENT_ARRIVAL_TIMEOUT_MS, newUser, registerViaApi } from './support';

/** Trading page stories: the address as state, the toolbar, the Popular panel, the simulated-data badge. */

test.use({ viewport: { width: 1440, height: 900 } });

const symbolHeading = (page: Page) => page.getByTestId('chart-symbol');
const timeframeButton = (page: Page, tf: string) =>
  page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: tf, exact: true });
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

test('opens SPY on 1D by default and says the data is simulated', async ({ page }) => {
  await page.goto('/trading');
  await expect(symbolHeading(page)).toHaveText('SPY');
  await expect(page.getByTestId('chart-company')).toHaveText('SPDR S&P 500 ETF Trust');
  await expect(page.getByTestId('chart-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('chart-change')).toHaveText(/^[+-]?[\d,]+\.\d{2} \([+-]?[\d,]+\.\d{2}%\)$/);
  await expect(timeframeButton(page, '1D')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('simulated-badge')).toHaveText('Simulated data');
  // The desktop toolbar leaves YTD out.
  await expect(page.getByRole('group', { name: 'Timeframe' }).getByRole('button')).toHaveText([
    '1D',
    '5D',
    '1M',
    '6M',
    '1Y',
    '5Y',
  ]);
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
});

test('reads symbol and range (or timeframe) from the address, upper-cased, ignoring bad values', async ({ page }) => {
  await page.goto('/trading?symbol=msft&timeframe=1M');
  await expect(symbolHeading(page)).toHaveText('MSFT');
  await expect(timeframeButton(page, '1M')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/trading?symbol=nvda&range=6M&timeframe=1M');
  await expect(symbolHeading(page)).toHaveText('NVDA');
  await expect(timeframeButton(page, '6M')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/trading?symbol=%20%20&range=2W');
  await expect(symbolHeading(page)).toHaveText('SPY');
  await expect(timeframeButton(page, '1D')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
});

test('changing timeframe or symbol rewrites the address without adding history', async ({ page }) => {
  await page.goto('/trading?symbol=AAPL');
  await expect(symbolHeading(page)).toHaveText('AAPL');
  const entries = await historyLength(page);

  await timeframeButton(page, '6M').click();
  await expect(page).toHaveURL(/\/trading\?symbol=AAPL&range=6M$/);
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 6M' })).toHaveAttribute('data-state', 'ready');

  await page.getByRole('complementary').locator('[data-symbol="NVDA"]').click();
  await expect(page).toHaveURL(/\/trading\?symbol=NVDA&range=6M$/);
  await expect(symbolHeading(page)).toHaveText('NVDA');
  expect(await historyLength(page)).toBe(entries);
});

test('back and forward land on what the address says', async ({ page }) => {
  await page.goto('/stock-search?symbol=TSLA');
  await page.getByRole('link', { name: 'Open in trading chart' }).click();
  await expect(page).toHaveURL(/\/trading\?symbol=TSLA$/);
  await expect(symbolHeading(page)).toHaveText('TSLA');

  await timeframeButton(page, '5Y').click();
  await expect(page).toHaveURL(/\/trading\?symbol=TSLA&range=5Y$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/stock-search\?symbol=TSLA$/);
  await expect(page.getByTestId('rating')).toBeVisible();

  await page.goForward();
  await expect(page).toHaveURL(/\/trading\?symbol=TSLA&range=5Y$/);
  await expect(symbolHeading(page)).toHaveText('TSLA');
  await expect(timeframeButton(page, '5Y')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('figure', { name: 'TSLA price chart, 5Y' })).toHaveAttribute('data-state', 'ready');
});

test('the Popular panel lists the watchlist with live prices and opens a symbol on click', async ({ page }) => {
  // Live prices arrive over the tRPC websocket: record which symbols the server pushes.
  const pushed = new Set<string>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      for (const match of String(payload).matchAll(/"symbol":"([^"]+)"/g)) pushed.add(match[1]);
    }),
  );
  await page.goto('/trading');
  const panel = page.getByRole('complementary', { name: 'Popular' });
  const rows = panel.getByRole('button');
  await expect(rows).toHaveCount(12);
  await expect(rows.first()).toContainText('SPY');
  await expect(panel.locator('[data-symbol="^DJI"]')).toContainText(/[\d,]+\.\d{2}/);

  // Prices agree with the quotes the server gives.
  const quotes = (await (
    await page.request.post('/api/stocks/quotes', { data: { symbols: ['MSFT'] } })
  ).json()) as Record<string, { regularMarketPrice: number }>;
  const shown = Number(
    (await panel.locator('[data-symbol="MSFT"] [data-testid=watchlist-price]').textContent())!.replace(/,/g, ''),
  );
  expect(Math.abs(shown - quotes.MSFT.regularMarketPrice) / quotes.MSFT.regularMarketPrice).toBeLessThan(0.02);

  await expect.poll(() => ['SPY', '^IXIC', '^DJI', 'META'].every((s) => pushed.has(s))).toBe(true);

  await panel.locator('[data-symbol="MSFT"]').click();
  await expect(symbolHeading(page)).toHaveText('MSFT');
  await expect(panel.locator('[data-symbol="MSFT"]')).toHaveAttribute('aria-current', 'true');
});

test('the watchlist refreshes its quotes every 30 seconds', async ({ page }) => {
  await page.clock.install();
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('stocks.quotes') && decodeURIComponent(request.url()).includes('^DJI')) polls += 1;
  });
  await page.goto('/trading');
  await expect(page.getByRole('complementary', { name: 'Popular' }).getByRole('button')).toHaveCount(12);
  expect(polls).toBe(1);
  await page.clock.fastForward(29_000);
  expect(polls).toBe(1);
  await page.clock.fastForward(2_000);
  await expect.poll(() => polls).toBe(2);
  await expect(page.getByRole('complementary', { name: 'Popular' }).getByText('Failed to load watchlist')).toHaveCount(
    0,
  );
});

test('a watchlist that fails to load says so, and Retry reloads the page', async ({ page }) => {
  // The server fails the watchlist's quotes call once; the reload then gets a real answer.
  const fault = await failMarketCall(page, 'stocks.quotes', isWatchlistQuotes, 1);
  await page.goto('/trading');
  const panel = page.getByRole('complementary', { name: 'Popular' });
  await expect(panel.getByText('Failed to load watchlist')).toBeVisible();
  // The rest of the page is unaffected.
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  expect(fault.count()).toBe(1);

  const reloaded = page.waitForEvent('load');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await reloaded;
  await expect(panel.getByText('Failed to load watchlist')).toBeHidden();
  await expect(panel.getByRole('button')).toHaveCount(12);
  await expect(panel.locator('[data-symbol="SPY"] [data-testid=watchlist-price]')).toHaveText(/[\d,]+\.\d{2}/);
});

test('an unknown symbol says it was not found and suggests others, without an outage toast', async ({ page }) => {
  await page.goto('/trading?symbol=QQZZX');
  await expect(symbolHeading(page)).toHaveText('QQZZX');
  const figure = page.getByRole('figure', { name: 'QQZZX price chart, 1D' });
  await expect(figure).toHaveAttribute('data-state', 'error');
  const notFound = figure.getByTestId('symbol-not-found');
  await expect(notFound).toContainText('No stock found for "QQZZX".');
  await expect(page.getByTestId('chart-company')).toHaveText('Symbol not found');
  await expect(page.getByTestId('chart-price')).toHaveText('—');
  // Nothing matches: well-known names are offered instead, and picking one opens it.
  const suggestions = notFound.getByRole('list', { name: 'Suggested stocks' }).getByRole('button');
  await expect(suggestions).toHaveCount(5);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch historical data' })).toHaveCount(0);
  await suggestions.first().click();
  await expect(page).toHaveURL(/symbol=AAPL/);
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
});

test('a mistyped symbol is offered what the search finds for it', async ({ page }) => {
  await page.goto('/trading?symbol=APPL&range=1M');
  const notFound = page.getByTestId('symbol-not-found');
  await expect(notFound).toContainText('No stock found for "APPL".');
  await expect(notFound).toContainText('Did you mean one of these?');
  await notFound.getByRole('button', { name: /AAPL/ }).click();
  await expect(page).toHaveURL(/symbol=AAPL&range=1M/);
  await expect(page.getByTestId('chart-company')).toHaveText('Apple Inc.');
});

test('signed in, /chat is the trading page with the same address rules', async ({ page }) => {
  await registerViaApi(page, newUser('chat-alias'));
  await page.goto('/chat?symbol=aapl&range=1Y');
  // /chat arrives with the Financial Agent open (agent.spec.ts); close it to use the chart.
  await expect(page.getByRole('dialog', { name: 'Financial Agent' })).toBeVisible({
    timeout: AGENT_ARRIVAL_TIMEOUT_MS,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chart-symbol')).toHaveText('AAPL');
  await expect(timeframeButton(page, '1Y')).toHaveAttribute('aria-pressed', 'true');
  await timeframeButton(page, '5D').click();
  await expect(page).toHaveURL(/\/chat\?symbol=AAPL&range=5D$/);
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 5D' })).toHaveAttribute('data-state', 'ready');
});
