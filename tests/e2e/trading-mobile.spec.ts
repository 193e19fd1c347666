import { expect, test, type Page } from '@playwright/test';

/** The trading page under 768 px: search on top, a tools sheet (Timeframes, Signals, Watchlist), a Popular drawer. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const chart = (page: Page) => page.getByTestId('price-chart');

test('the mobile layout has search, tools and Popular instead of the desktop toolbar and panel', async ({ page }) => {
  await page.goto('/trading');
  await expect(page.getByTestId('chart-symbol')).toHaveText('SPY');
  await expect(page.getByRole('navigation', { name: 'Chart tools' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Popular' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search a stock to chart' })).toBeVisible();
  await expect(page.getByTestId('simulated-badge')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
});

test('the tools sheet switches timeframes, toggles signals and opens watchlist symbols', async ({ page }) => {
  await page.goto('/trading');
  await page.getByRole('button', { name: 'Tools' }).click();
  const sheet = page.getByRole('dialog', { name: 'Chart tools' });
  await expect(sheet.getByRole('tab')).toHaveText(['Timeframes', 'Signals', 'Watchlist']);

  // All seven timeframes, YTD included.
  await expect(sheet.getByRole('group', { name: 'Timeframe' }).getByRole('button')).toHaveCount(7);
  await sheet.getByRole('button', { name: 'YTD' }).click();
  await expect(page).toHaveURL(/range=YTD/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('figure', { name: 'SPY price chart, YTD' })).toHaveAttribute('data-state', 'ready');

  await page.getByRole('button', { name: 'Tools' }).click();
  await sheet.getByRole('tab', { name: 'Signals' }).click();
  await sheet.getByRole('switch', { name: 'Moving averages' }).click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,buy,sell');
  await sheet.getByRole('switch', { name: 'Sell signals' }).click();
  await expect(chart(page)).toHaveAttribute('data-series-visible', 'price,buy');
  await sheet.getByRole('switch', { name: 'Draw lines' }).click();
  await expect(chart(page)).toHaveAttribute('data-drawing', 'true');

  await sheet.getByRole('tab', { name: 'Watchlist' }).click();
  await sheet.locator('[data-symbol="TSLA"]').click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/symbol=TSLA&range=YTD/);
  await expect(page.getByTestId('chart-symbol')).toHaveText('TSLA');
});

test('the Popular drawer opens a symbol', async ({ page }) => {
  await page.goto('/trading');
  await page.getByRole('button', { name: 'Popular' }).click();
  const drawer = page.getByRole('dialog', { name: 'Popular' });
  await expect(drawer.locator('[data-symbol]')).toHaveCount(12);
  await expect(drawer.locator('[data-symbol="NVDA"]')).toContainText(/[\d,]+\.\d{2}/);
  await drawer.locator('[data-symbol="NVDA"]').click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('chart-symbol')).toHaveText('NVDA');
});

test('a finger drag draws a line in drawing mode', async ({ page }) => {
  await page.goto('/trading?symbol=AAPL&range=1M');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1M' })).toHaveAttribute('data-state', 'ready');
  await page.getByRole('button', { name: 'Tools' }).click();
  const sheet = page.getByRole('dialog', { name: 'Chart tools' });
  await sheet.getByRole('tab', { name: 'Signals' }).click();
  await sheet.getByRole('switch', { name: 'Draw lines' }).click();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  const box = (await chart(page).locator('.u-over').boundingBox())!;
  const over = chart(page).locator('.u-over');
  const at = (fx: number, fy: number) => ({ clientX: box.x + box.width * fx, clientY: box.y + box.height * fy });
  const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, buttons: 1, bubbles: true };
  await over.dispatchEvent('pointerdown', { ...touch, ...at(0.2, 0.3) });
  await over.dispatchEvent('pointermove', { ...touch, ...at(0.5, 0.5) });
  await over.dispatchEvent('pointerup', { ...touch, ...at(0.8, 0.6), buttons: 0 });
  await expect(chart(page)).toHaveAttribute('data-lines', '1');
});

test('the phone-width 1D chart shows a handful of confirmed BUY/SELL markers, none overlapping', async ({ page }) => {
  await page.goto('/trading?range=1D');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  const signals =
    Number(await chart(page).getAttribute('data-buy-count')) +
    Number(await chart(page).getAttribute('data-sell-count'));
  // Only crossovers that held for 20 bars, at most 6: a phone can show them all unless two fall a few pixels apart.
  expect(signals).toBeLessThanOrEqual(6);
  const drawn = Number(await chart(page).getAttribute('data-markers-drawn'));
  expect(drawn).toBeLessThanOrEqual(signals);
});
