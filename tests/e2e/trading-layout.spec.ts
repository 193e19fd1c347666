import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * The trading page's layout and search issues of issue 8: the Popular list at every width, one search box, a dropdown
 * that stays on screen and off the Popular panel, the active timeframe's highlight, the title, focus after a pick,
 * and recent searches that cannot break the prices.
 */

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search a stock to chart' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Stock suggestions' });

test.describe('at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the Popular watchlist opens as a drawer from the toolbar and picks a symbol', async ({ page }) => {
    await page.goto('/trading?symbol=AAPL&range=1M');
    // No room for the panel beside the chart at this width.
    await expect(page.getByRole('complementary', { name: 'Popular' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Popular stocks' }).click();
    const drawer = page.getByRole('dialog', { name: 'Popular' });
    await expect(drawer.getByRole('list', { name: 'Popular stocks' }).getByRole('button')).toHaveCount(12);
    await expect(drawer.locator('[data-symbol="NVDA"] [data-testid=watchlist-price]')).toHaveText(/[\d,]+\.\d{2}/);
    await drawer.locator('[data-symbol="NVDA"]').click();
    await expect(page).toHaveURL(/symbol=NVDA&range=1M/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('chart-symbol')).toHaveText('NVDA');
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('signed in, the trading page has one search box, and its list stays on screen and off the watchlist panel', async ({
    page,
  }) => {
    await registerViaApi(page, newUser('one-search'));
    await page.goto('/trading?symbol=AAPL');
    await expect(page.getByTestId('header-first-name')).toBeVisible();
    // One search box (the signed-in panel's list switcher is the other combobox).
    await expect(page.getByRole('combobox', { name: /search/i })).toHaveCount(1);

    await searchBox(page).focus();
    await expect(listbox(page)).toBeVisible();
    const list = (await page.locator('[data-align]').boundingBox())!;
    // Signed in, the panel holds the user's own lists (issue 30).
    const panel = (await page.getByRole('complementary', { name: 'Watchlist' }).boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(panel.x);
    expect(list.y + list.height).toBeLessThanOrEqual(900);

    // Other pages keep the header's search.
    await page.goto('/stock-search');
    await expect(page.getByRole('combobox', { name: 'Search stocks' })).toBeVisible();
  });

  test('the active timeframe keeps its highlight while hovered', async ({ page }) => {
    await page.goto('/trading?symbol=MSFT&range=6M');
    const active = page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: '6M', exact: true });
    await expect(active).toHaveAttribute('aria-pressed', 'true');
    const background = () => active.evaluate((el) => getComputedStyle(el).backgroundColor);
    const color = () => active.evaluate((el) => getComputedStyle(el).color);
    await page.mouse.move(700, 500);
    const [bgBefore, colorBefore] = [await background(), await color()];
    await active.hover();
    expect(await background()).toBe(bgBefore);
    expect(await color()).toBe(colorBefore);
    // An inactive one does change on hover, so the check above could have failed.
    const other = page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: '1Y', exact: true });
    const otherBefore = await other.evaluate((el) => getComputedStyle(el).backgroundColor);
    await other.hover();
    await expect.poll(() => other.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(otherBefore);
  });

  test("the title reads like a ticker, and the header card labels today's and the range's change", async ({ page }) => {
    await page.goto('/trading?symbol=AAPL&range=1M');
    await expect(page).toHaveTitle(/^AAPL [\d,]+\.\d{2} [▲▼]?\d+\.\d{2}% · Tickwise$/);
    const quote = (await (await page.request.get('/api/stock/AAPL')).json()) as {
      regularMarketChangePercent: number;
      marketState: 'open' | 'closed';
    };
    const arrow = quote.regularMarketChangePercent > 0 ? '▲' : quote.regularMarketChangePercent < 0 ? '▼' : '';
    await expect(page).toHaveTitle(new RegExp(` ${arrow}\\d+\\.\\d{2}% · Tickwise$`));

    const card = page.getByTestId('chart-header');
    // The simulated exchange keeps NYSE hours: the day's change is 'Today' while it trades, the last session's after.
    await expect(card).toContainText(quote.marketState === 'closed' ? 'Last session' : 'Today');
    await expect(card).toContainText('1M range');
    await expect(page.getByTestId('chart-range-change')).toHaveText(/^[+-]?[\d,]+\.\d{2} \([+-]?[\d,]+\.\d{2}%\)$/);
    // The range's change is the chart's: its sign matches the chart's colour.
    const direction = await page.getByTestId('price-chart').getAttribute('data-direction');
    const rangeText = (await page.getByTestId('chart-range-change').textContent())!;
    expect(rangeText.startsWith('+')).toBe(direction === 'up');

    await page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: '1Y', exact: true }).click();
    await expect(card).toContainText('1Y range');
  });

  test('after a pick, keyboard focus stays in the search box, or lands on the chart when the header navigated', async ({
    page,
  }) => {
    await page.goto('/trading?symbol=SPY');
    const input = searchBox(page);
    await input.focus();
    await input.pressSequentially('tsla');
    await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-symbol', 'TSLA');
    await input.press('Enter');
    await expect(page.getByTestId('chart-symbol')).toHaveText('TSLA');
    await expect(input).toBeFocused();
    await expect(listbox(page)).toBeHidden();

    await registerViaApi(page, newUser('focus-after-pick'));
    await page.goto('/updates');
    const header = page.getByRole('combobox', { name: 'Search stocks' });
    await header.focus();
    await header.pressSequentially('nvda');
    await expect(page.getByRole('option').first()).toHaveAttribute('data-symbol', 'NVDA');
    await header.press('Enter');
    await expect(page).toHaveURL(/\/trading\?symbol=NVDA/);
    await expect(page.getByTestId('chart-symbol')).toBeFocused();
  });

  test('a junk recent search is dropped and never costs the suggestions their prices', async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('recentStockSearches', JSON.stringify(['xyzzy!', 'AAPL', 'DROP TABLE'])),
    );
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('stocks.quotes') && response.status() >= 400) refused.push(response.url());
    });
    await page.goto('/trading');
    await searchBox(page).focus();
    const recent = listbox(page).getByRole('group', { name: 'Recent searches' }).getByRole('option');
    await expect(recent).toHaveCount(1);
    await expect(recent.first()).toHaveAttribute('data-symbol', 'AAPL');
    const popular = listbox(page).getByRole('group', { name: 'Popular' }).getByRole('option');
    for (const option of [recent.first(), popular.first(), popular.nth(5)]) {
      await expect(option).toContainText(/[\d,]+\.\d{2}/);
    }
    expect(refused).toEqual([]);
  });
});
