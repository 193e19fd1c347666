import { expect, test } from '@playwright/test';
import { formatMarketCap, formatMoney, formatPe } from '../../src/shared/format';
import type { DividendInfo, EarningsInfo, StockAnalysis } from '../../src/shared/market/types';

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

/** The /api answers the page's blocks are built from (the same procedures over REST). */
async function apiJson<T>(request: import('@playwright/test').APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

test('the dividends block shows yield, annual rate, the next payment as declared or projected, and the last payments', async ({
  page,
}) => {
  const dividends = await apiJson<DividendInfo>(page.request, '/api/stock/KO/dividends');
  const earnings = await apiJson<EarningsInfo>(page.request, '/api/stock/KO/earnings');
  await page.goto('/stock-search?symbol=KO');
  const block = page.getByTestId('dividends');
  await expect(block.getByRole('heading', { name: 'Dividends' })).toBeVisible();
  await expect(block.getByTestId('dividend-yield')).toHaveText(`${(dividends.trailingYield! * 100).toFixed(2)}%`);
  await expect(block.getByTestId('dividend-rate')).toHaveText(
    formatMoney(
      Number(dividends.trailingAnnualRate),
      'USD',
      Math.max(2, dividends.trailingAnnualRate!.split('.')[1]?.length ?? 0),
    ),
  );
  await expect(block.getByTestId('dividend-frequency')).toHaveText('Quarterly');
  const next = dividends.upcoming[0];
  const nextBlock = block.getByTestId('next-dividend');
  await expect(nextBlock).toHaveAttribute('data-status', next.status);
  await expect(
    nextBlock.getByText(next.status === 'declared' ? 'Declared' : 'Projected', { exact: true }),
  ).toBeVisible();
  await expect(nextBlock).toContainText(`Ex-dividend ${shortDate(next.exDate)} · paid ${shortDate(next.payDate!)}`);
  const rows = block.getByTestId('dividend-history').getByRole('row');
  await expect(rows).toHaveCount(5); // the header and the last four payments
  await expect(rows.nth(1)).toContainText(shortDate(dividends.history[0].exDate));
  await expect(rows.nth(1)).toContainText(shortDate(dividends.history[0].payDate!));

  const upcoming = earnings.upcoming[0];
  const nextEarnings = page.getByTestId('earnings').getByTestId('next-earnings');
  await expect(nextEarnings).toHaveAttribute('data-status', upcoming.status);
  await expect(nextEarnings).toContainText(shortDate(upcoming.date));
  await expect(nextEarnings).toContainText(upcoming.status === 'confirmed' ? 'Confirmed' : 'Estimated');
  // The analysts' estimate before the report; the last one's EPS against its estimate, and the surprise in colour.
  const money = (amount: string) => formatMoney(Number(amount), 'USD', 2);
  await expect(nextEarnings.getByTestId('next-eps')).toHaveText(`EPS estimate ${money(upcoming.eps!.estimate!)}`);
  const last = earnings.history[0].eps!;
  const percent = Math.round(last.surprise! * 1000) / 10;
  const signed = `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
  const tone = percent > 0 ? 'beat' : percent < 0 ? 'miss' : 'in line';
  await expect(page.getByTestId('last-earnings')).toContainText(
    `Last reported ${shortDate(earnings.history[0].date)}: EPS ${money(last.actual!)}, estimate ${money(last.estimate!)}, surprise ${signed}`,
  );
  await expect(page.getByTestId('last-earnings').getByTestId('eps-surprise')).toHaveAttribute('data-tone', tone);
  // The year's reports in a table: the header and four quarters, newest first.
  const epsRows = page.getByTestId('eps-history').getByRole('row');
  await expect(epsRows).toHaveCount(5);
  await expect(epsRows.nth(1).getByRole('cell')).toHaveText([
    shortDate(earnings.history[0].date),
    money(last.actual!),
    money(last.estimate!),
    new RegExp(`^${signed.replace('+', '\\+')}`),
  ]);
});

test('the blocks say when there is nothing to show, and a failed load offers a retry', async ({ page }) => {
  await page.goto('/stock-search?symbol=AMZN');
  await expect(page.getByTestId('dividends-empty')).toHaveText('AMZN has paid no dividend in the last five years.');
  await expect(page.getByTestId('next-earnings')).toBeVisible();

  await page.goto('/stock-search?symbol=VTI');
  await expect(page.getByTestId('earnings-empty')).toContainText('VTI reports no earnings');
  await expect(page.getByTestId('dividend-frequency')).toHaveText('Quarterly');

  // The dividends call fails once (the market-data source down): an error with a retry, then the figures.
  let failing = true;
  await page.route(/\/trpc\/[^?]*stocks\.dividends/, (route) =>
    failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
  );
  await page.goto('/stock-search?symbol=PEP');
  const block = page.getByTestId('dividends');
  await expect(block.getByText('Could not load dividends')).toBeVisible();
  failing = false;
  await block.getByRole('button', { name: 'Retry' }).click();
  await expect(block.getByTestId('dividend-yield')).toHaveText(/^\d+\.\d{2}%$/);
});

test('a listing abroad is priced in its own currency', async ({ page }) => {
  await page.goto('/stock-search?symbol=SAP.DE');
  await expect(page.getByTestId('stock-price')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('market-cap')).toHaveText(/^€\d+\.\d{2}[TBM]$/);
  await expect(page.getByTestId('dividend-frequency')).toHaveText('Once a year');
  await expect(page.getByTestId('dividend-rate')).toHaveText(/^€\d+\.\d{2}$/);
});

function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
