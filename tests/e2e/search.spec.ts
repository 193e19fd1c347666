import { expect, test, type Page } from '@playwright/test';
import { failMarketCall } from './marketFaults';
import { newUser, registerViaApi } from './support';

/** The stock search dropdown, driven from the keyboard as a screen-reader user would. */

test.use({ viewport: { width: 1440, height: 900 } });

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search a stock to chart' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Stock suggestions' });
const recentStored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('recentStockSearches') ?? 'null') as string[] | null);

test('keyboard flow: focus opens the popular list, arrows move, Enter picks, the pick is remembered', async ({
  page,
}) => {
  await page.goto('/trading');
  const input = searchBox(page);
  await input.focus();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(listbox(page).getByRole('group', { name: 'Popular' }).getByRole('option')).toHaveCount(10);
  await expect(listbox(page).getByRole('group', { name: 'Recent searches' })).toHaveCount(0);

  await input.pressSequentially('micro');
  const results = listbox(page).getByRole('group', { name: 'Results' }).getByRole('option');
  await expect(results.first()).toHaveAttribute('data-symbol', 'MSFT');
  // Prices for the top results come from the quotes call.
  await expect(results.first()).toContainText(/[\d,]+\.\d{2}/);

  await input.press('ArrowDown');
  await expect(results.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await results.nth(0).getAttribute('id'))!);
  await input.press('ArrowDown');
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results.nth(0)).toHaveAttribute('aria-selected', 'false');
  await input.press('ArrowUp');
  await expect(results.nth(0)).toHaveAttribute('aria-selected', 'true');

  await input.press('Enter');
  await expect(page).toHaveURL(/symbol=MSFT/);
  await expect(page.getByTestId('chart-symbol')).toHaveText('MSFT');
  await expect(listbox(page)).toBeHidden();
  await expect(input).toHaveValue('');
  expect(await recentStored(page)).toEqual(['MSFT']);

  // The recent search shows first next time, also after a reload.
  await page.reload();
  await searchBox(page).focus();
  const recent = listbox(page).getByRole('group', { name: 'Recent searches' }).getByRole('option');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toHaveAttribute('data-symbol', 'MSFT');
  // Not listed twice: the popular list below leaves it out and still has 10.
  const popular = listbox(page).getByRole('group', { name: 'Popular' }).getByRole('option');
  await expect(popular).toHaveCount(10);
  await expect(popular.and(page.locator('[data-symbol="MSFT"]'))).toHaveCount(0);
});

test('Escape and an outside click close the list; Enter and typing open it again', async ({ page }) => {
  await page.goto('/trading');
  const input = searchBox(page);
  await input.click();
  await expect(listbox(page)).toBeVisible();
  await input.press('Escape');
  await expect(listbox(page)).toBeHidden();
  await expect(input).toBeFocused();
  await input.press('Enter');
  await expect(listbox(page)).toBeVisible();

  await page.getByTestId('chart-symbol').click();
  await expect(listbox(page)).toBeHidden();

  await input.focus();
  await input.press('Escape');
  await input.pressSequentially('a');
  await expect(listbox(page)).toBeVisible();
});

test('Enter with nothing highlighted picks the first result, even before the search has answered', async ({ page }) => {
  await page.goto('/trading');
  const input = searchBox(page);
  await input.fill('nvidia');
  await input.press('Enter');
  await expect(page).toHaveURL(/symbol=NVDA/);
  await expect(page.getByTestId('chart-symbol')).toHaveText('NVDA');
});

test('recent searches keep the last 5, newest first, without duplicates', async ({ page }) => {
  await page.goto('/trading');
  for (const symbol of ['AAPL', 'MSFT', 'TSLA', 'AAPL', 'META', 'AMZN', 'NFLX']) {
    await searchBox(page).fill(symbol);
    await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-symbol', symbol);
    await searchBox(page).press('Enter');
    await expect(page.getByTestId('chart-symbol')).toHaveText(symbol);
  }
  expect(await recentStored(page)).toEqual(['NFLX', 'AMZN', 'META', 'AAPL', 'TSLA']);
  // Focus stayed in the box after the last pick; a click opens the list again.
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).click();
  await expect(listbox(page).getByRole('group', { name: 'Recent searches' }).getByRole('option')).toHaveText([
    /NFLX/,
    /AMZN/,
    /META/,
    /AAPL/,
    /TSLA/,
  ]);
});

test('no match shows both messages, and Enter searches the typed text', async ({ page }) => {
  await page.goto('/trading');
  const input = searchBox(page);
  await input.fill('qqzzx');
  await expect(page.getByText('No stocks found for "qqzzx"')).toBeVisible();
  await expect(page.getByText('No results found. Press Enter to search for "QQZZX"')).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(/symbol=QQZZX/);
});

test('when the search call fails, local matches and "Search for {SYMBOL}" are offered', async ({ page }) => {
  await failMarketCall(page, 'stocks.search');
  await page.goto('/trading');
  const input = searchBox(page);

  await input.fill('ZZZZ');
  const fallback = listbox(page).getByRole('option', { name: 'Search for ZZZZ' });
  await expect(fallback).toBeVisible();
  await fallback.click();
  await expect(page).toHaveURL(/symbol=ZZZZ/);

  // Local matches come from the built-in list; a ticker it has is not offered twice.
  await input.fill('AAPL');
  await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-symbol', 'AAPL');
  await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-kind', 'local');
  await expect(listbox(page).getByRole('option', { name: /Search for/ })).toHaveCount(0);

  // Text that is not a ticker gets no "Search for" offer.
  await input.fill('apple inc');
  await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-symbol', 'AAPL');
  await expect(listbox(page).getByRole('option', { name: /Search for/ })).toHaveCount(0);
});

test('the header search of a signed-in user goes to /trading?symbol=...', async ({ page }) => {
  await registerViaApi(page, newUser('header-search'));
  await page.goto('/');
  const header = page.getByRole('banner');
  const input = header.getByRole('combobox', { name: 'Search stocks' });
  await input.fill('tsla');
  await expect(header.getByRole('option').first()).toHaveAttribute('data-symbol', 'TSLA');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/trading\?symbol=TSLA$/);
  await expect(page.getByTestId('chart-symbol')).toHaveText('TSLA');
  // A pushed entry: back returns to where the search started.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
