import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { newUser, registerViaApi } from './support';

/** The portfolio stories of issue 10, as a person does them in the browser. */

test.use({ viewport: { width: 1440, height: 900 } });

// The newest toast with that title (the previous one may still be leaving).
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

async function addStockThroughSearch(page: Page, typed: string, symbol: string, quantity: string, price: string) {
  await page.getByRole('button', { name: 'Add Stock' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Stock' });
  const search = dialog.getByRole('combobox', { name: 'Search a stock to add' });
  // Two letters do not search yet (product.md §5: above 2 characters).
  await search.fill(typed.slice(0, 2));
  await expect(dialog.getByText(/Type at least 3 characters/)).toBeVisible();
  await search.fill(typed);
  const option = dialog
    .getByRole('option')
    .and(page.locator(`[data-symbol="${symbol}"]`))
    .first();
  await option.click();
  await expect(dialog.getByRole('textbox', { name: 'Symbol' })).toHaveValue(symbol);
  // The picked stock's current price fills in first, and the person types over it. (Filled while the quote is on its
  // way, a number field can be caught mid-replace by the prefill: seen once, MSFT kept its current price.)
  const averagePrice = dialog.getByRole('spinbutton', { name: 'Average price' });
  await expect(averagePrice).not.toHaveValue('');
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill(quantity);
  await averagePrice.fill(price);
  await expect(averagePrice).toHaveValue(price);
  await dialog.getByRole('button', { name: 'Add Stock' }).click();
  await expect(toast(page, 'Stock added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('holdings-table').locator(`tr[data-symbol="${symbol}"]`)).toBeVisible();
}

test('create a portfolio, add three stocks through the search, share it, open it signed out, withdraw it', async ({
  page,
  browser,
  context,
}) => {
  // The whole story in one test, three dialogs and a second browser: more time than a single-step test needs.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerViaApi(page, newUser('portfolio'));
  await page.goto('/portfolio');
  await expect(page).toHaveTitle('Portfolio · Tickwise');
  await expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const create = page.getByRole('dialog', { name: 'Create Portfolio' });
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByRole('textbox', { name: 'Name' }).fill('Tech bets');
  await create.getByRole('textbox', { name: 'Description' }).fill('Three big names');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Portfolio created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tech bets' })).toBeVisible();
  await expect(page.getByText('No holdings yet')).toBeVisible();

  await addStockThroughSearch(page, 'app', 'AAPL', '10', '150');
  await addStockThroughSearch(page, 'micro', 'MSFT', '2.5', '300.25');
  await addStockThroughSearch(page, 'nvid', 'NVDA', '0.125', '100');
  await expect(page.getByTestId('holdings-table').locator('tbody tr')).toHaveCount(3);

  // The totals on screen are the server's, formatted as product.md §9 says.
  const list = await page.request.get('/api/portfolios');
  const [portfolio] = await list.json();
  const usd = (v: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));
  await expect(page.getByTestId('total-value')).toHaveText(usd(portfolio.totalValue));
  // 10 x 150 + 2.5 x 300.25 + 0.125 x 100 = 2263.125: banker's rounding to the even cent
  expect(portfolio.totalCost).toBe('2263.12');
  await expect(page.getByTestId('total-return')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  await expect(page.getByTestId('prices-updated-at')).toHaveText(/^Updated \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('analysis-rules').locator('[data-rule]')).toHaveCount(9);
  await expect(page.getByTestId('allocation-holding').getByText('AAPL')).toBeVisible();
  await expect(page.getByRole('figure', { name: "Value of today's holdings at past prices, 1Y" })).toHaveAttribute(
    'data-state',
    'ready',
  );

  await page.getByRole('switch', { name: 'Public' }).click();
  await expect(toast(page, 'Portfolio is now public')).toBeVisible();
  const linkField = page.getByTestId('shareable-link');
  await expect(linkField).toHaveValue(/\/portfolio\/shared\/[A-Za-z0-9_-]{32}$/);
  const link = await linkField.inputValue();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Tech bets' })).toBeVisible();
  await expect(guest.getByText('Public Portfolio')).toBeVisible();
  await expect(guest).toHaveTitle('Tech bets · Tickwise');
  await expect(guest.getByTestId('shared-holdings').locator('tbody tr')).toHaveCount(3);
  await expect(guest.getByTestId('shared-holdings-count')).toHaveText('3');
  await expect(guest.getByTestId('shared-total-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(guest.getByRole('link', { name: 'Create Your Own' })).toHaveAttribute('href', '/auth');
  // The page's head was written by the server: noindex and a preview.
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.getByRole('switch', { name: 'Public' }).click();
  await expect(toast(page, 'Portfolio is now private')).toBeVisible();
  await expect(page.getByTestId('shareable-link')).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Portfolio Not Found' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Create Your Own' })).toHaveAttribute('href', '/auth');
  await visitor.close();

  // Signed in, 'Create Your Own' leads to the user's own portfolios.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Portfolio Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your Own' })).toHaveAttribute('href', '/portfolio');

  // Remove one stock.
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Remove NVDA' }).click();
  await page.getByRole('dialog', { name: 'Remove NVDA?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Stock removed successfully!')).toBeVisible();
  await expect(page.getByTestId('holdings-table').locator('tbody tr')).toHaveCount(2);
});

test('CSV round trip: export the holdings, import the file into another portfolio', async ({ page }) => {
  await registerViaApi(page, newUser('csv'));
  const create = async (name: string) =>
    (await (await page.request.post('/api/portfolios', { data: { name } })).json()).id as string;
  const source = await create('Source');
  for (const [symbol, quantity, averagePrice] of [
    ['KO', '12', '58.5'],
    ['JPM', '0.33333333', '201.12'],
    ['BRK.B', '3', '410'],
  ]) {
    const res = await page.request.post(`/api/portfolios/${source}/holdings`, {
      data: { symbol, quantity, averagePrice },
    });
    expect(res.status()).toBe(201);
  }
  await create('Target');

  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Source' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('source-holdings.csv');
  const file = await download.path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'symbol,name,quantity,averagePrice,currentPrice,totalValue,gainLoss,gainLossPercent,currency',
  );
  expect(csv).toContain('JPM,');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Open portfolio Target' }).click();
  await expect(page.getByRole('heading', { name: 'Target' })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import holdings from CSV' });
  // A bad row is explained before anything is written.
  await dialog.getByRole('textbox', { name: 'Or paste CSV' }).fill('symbol,quantity,averagePrice\nKO,-1,5');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-preview').getByText('Quantity must be greater than 0')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'CSV file' }).click();
  await (await chooser).setFiles(file);
  await expect(dialog.getByTestId('import-preview').locator('tbody tr[data-valid="true"]')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toast(page, 'Holdings imported')).toBeVisible();
  const rows = page.getByTestId('holdings-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);

  const list = await (await page.request.get('/api/portfolios')).json();
  const target = list.find((p: { name: string }) => p.name === 'Target');
  const holdings = await (await page.request.get(`/api/portfolios/${target.id}/holdings`)).json();
  const imported = holdings.map((h: { symbol: string; quantity: string; averagePrice: string }) => [
    h.symbol,
    h.quantity,
    h.averagePrice,
  ]);
  expect(imported.sort()).toEqual([
    ['BRK.B', '3', '410'],
    ['JPM', '0.33333333', '201.12'],
    ['KO', '12', '58.5'],
  ]);
});

test('prices refresh every 30 seconds while there are holdings, and Update Prices says so', async ({ page }) => {
  await page.clock.install();
  await registerViaApi(page, newUser('refresh'));
  const { id } = await (await page.request.post('/api/portfolios', { data: { name: 'Live' } })).json();
  await page.request.post(`/api/portfolios/${id}/holdings`, {
    data: { symbol: 'SPY', quantity: 1, averagePrice: 500 },
  });
  let refreshes = 0;
  page.on('request', (request) => {
    if (request.url().includes('portfolios.get')) refreshes += 1;
  });
  await page.goto('/portfolio');
  await expect(page.getByTestId('prices-updated-at')).toBeVisible();
  const first = await page.getByTestId('prices-updated-at').textContent();
  expect(refreshes).toBe(1);
  await page.clock.fastForward(29_000);
  expect(refreshes).toBe(1);
  await page.clock.fastForward(2_000);
  await expect.poll(() => refreshes).toBe(2);
  await expect(page.getByTestId('prices-updated-at')).not.toHaveText(first!);

  await page.getByRole('button', { name: 'Update Prices' }).click();
  await expect(toast(page, 'Prices updated successfully!')).toBeVisible();
  expect(refreshes).toBe(3);
});

test('signed out, /portfolio sends the visitor to sign in and asks the server for nothing', async ({ page }) => {
  let portfolioCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('portfolios.')) portfolioCalls += 1;
  });
  await page.goto('/portfolio');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(portfolioCalls).toBe(0);
});
