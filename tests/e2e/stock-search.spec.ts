import { expect, test } from '@playwright/test';
import { formatMarketCap, formatPe } from '../../src/shared/format';
import type { StockAnalysis } from '../../src/shared/market/types';

/** The public ticker lookup: rating with its reasons, price, market cap, P/E, analysis, overview, 1D chart. */

test.use({ viewport: { width: 1440, height: 1000 } });

async function analysisOf(
  request: import('@playwright/test').APIRequestContext,
  symbol: string,
): Promise<StockAnalysis> {
  const response = await request.get(`/api/stock-analysis/${encodeURIComponent(symbol)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StockAnalysis;
}

/** Text equal to one of the given values (the simulated price, and with it P/E and the analysis, moves each minute). */
function oneOf(...values: string[]): RegExp {
  const escaped = [...new Set(values)].map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})$`);
}

test('a typed ticker is upper-cased and shows rating, market cap, P/E, analysis and a 1D chart', async ({ page }) => {
  await page.goto('/stock-search');
  const input = page.getByRole('textbox', { name: 'Ticker symbol' });
  await input.fill('aapl');
  await expect(input).toHaveValue('AAPL');
  // The page's answer is read between these two, so it equals one of them even when a minute turns in between.
  const before = await analysisOf(page.request, 'AAPL');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/stock-search\?symbol=AAPL$/);
  const rating = page.getByTestId('rating');
  await expect(rating).toHaveAttribute('data-rating', /.+/);
  const after = await analysisOf(page.request, 'AAPL');

  await expect(rating).toHaveAttribute('data-rating', oneOf(before.rating, after.rating));
  await expect(rating.getByRole('img')).toHaveAccessibleName(
    oneOf(`Rating: ${before.rating}`, `Rating: ${after.rating}`),
  );
  await expect(
    page.getByTestId('rating-factors').getByText(oneOf(before.factors[0].label, after.factors[0].label)),
  ).toBeVisible();
  await expect(page.getByTestId('market-cap')).toHaveText(
    oneOf(formatMarketCap(before.marketCap), formatMarketCap(after.marketCap)),
  );
  await expect(page.getByTestId('market-cap')).toHaveText(/^\$\d+\.\d{2}[TBM]$/);
  await expect(page.getByTestId('pe')).toHaveText(oneOf(formatPe(before.pe), formatPe(after.pe)));
  await expect(page.getByTestId('stock-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('stock-analysis-text')).toHaveText(oneOf(before.analysis, after.analysis));
  await expect(page.getByRole('heading', { name: 'Company Overview' })).toBeVisible();
  await expect(page.getByText(after.description)).toBeVisible();
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
});

test('P/E reads N/A when the company has none', async ({ page }) => {
  const before = await analysisOf(page.request, 'RIVN');
  expect(before.pe).toBeNull();
  await page.goto('/stock-search?symbol=rivn');
  await expect(page.getByTestId('pe')).toHaveText('N/A');
  const after = await analysisOf(page.request, 'RIVN');
  await expect(page.getByTestId('market-cap')).toHaveText(
    oneOf(formatMarketCap(before.marketCap), formatMarketCap(after.marketCap)),
  );
  await expect(page.getByTestId('rating')).toHaveAttribute('data-rating', oneOf(before.rating, after.rating));
});

test('blank input is ignored and an unknown ticker shows the Invalid Ticker toast', async ({ page }) => {
  await page.goto('/stock-search');
  const input = page.getByRole('textbox', { name: 'Ticker symbol' });
  await input.fill('   ');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/stock-search$/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await input.fill('zzzzz');
  await input.press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: 'Invalid Ticker' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please try a valid ticker symbol like AAPL, TSLA, or MSFT.');
  await expect(page.getByTestId('stock-analysis')).toHaveCount(0);
});
