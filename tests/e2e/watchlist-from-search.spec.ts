import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * Issue 30 §1, "add and remove symbols from the search": the header search's results go into the current watchlist
 * by a click on their mark or by Shift+Enter on the highlighted one, without leaving the page, and the open listbox
 * stays axe clean (the mark is outside the option's accessibility tree: no nested-interactive).
 */

test.use({ viewport: { width: 1440, height: 900 } });

const headerSearch = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search stocks' });
const suggestions = (page: Page) => page.getByRole('banner').getByRole('listbox', { name: 'Stock suggestions' });
const tableRow = (page: Page, symbol: string) =>
  page.getByTestId('watchlist-table').locator(`tr[data-symbol="${symbol}"]`);

async function listSymbols(page: Page, name: string): Promise<string[] | undefined> {
  const lists = (await (await page.request.get('/api/watchlists')).json()) as { name: string; symbols: string[] }[];
  return lists.find((l) => l.name === name)?.symbols;
}

/** Results for `query`, the first of them `symbol` (the simulated market's search ranks the exact ticker first). */
async function searchFor(page: Page, query: string, symbol: string) {
  const input = headerSearch(page);
  await input.fill(query);
  const first = suggestions(page).getByRole('group', { name: 'Results' }).getByRole('option').first();
  await expect(first).toHaveAttribute('data-symbol', symbol);
  return first;
}

test('a search result goes into the current list by its mark and by Shift+Enter, and comes out again', async ({
  page,
}) => {
  await registerViaApi(page, newUser('watchlist-search'));
  await page.goto('/watchlists');
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog', { name: 'New watchlist' }).getByLabel('Name').fill('Picks');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByTestId('watchlist-switcher')).toHaveValue('Picks (0)');

  // Mouse: the mark at the option's end adds the stock; the list stays open and the page stays.
  const msft = await searchFor(page, 'msft', 'MSFT');
  const mark = msft.getByTestId('search-option-action');
  await expect(mark).toHaveAttribute('title', 'Add MSFT to “Picks”');
  await mark.click();
  await expect(page.getByText('Added MSFT to “Picks”')).toBeVisible();
  await expect(tableRow(page, 'MSFT')).toBeVisible();
  await expect(page).toHaveURL(/\/watchlists$/);
  await expect(suggestions(page)).toBeVisible();
  await expect(mark).toHaveAttribute('data-has', 'true');
  await expect(mark).toHaveAttribute('title', 'Remove MSFT from “Picks”');
  // The option's name says where it is; the mark itself is not in the accessibility tree.
  await expect(msft).toHaveAccessibleName(/^MSFT\b.*\(in “Picks”\)$/);
  await expect(mark).toHaveAttribute('aria-hidden', 'true');

  // The open listbox, marks, ticks and the shortcut's hint, passes axe (the WCAG rules a11y.spec.ts runs).
  const input = headerSearch(page);
  await expect(input).toHaveAccessibleDescription('Shift+Enter adds the highlighted stock to “Picks”, or takes it out');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('header')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Keyboard: arrow to the result, Shift+Enter adds it; again takes it out; Enter still opens the stock.
  const nvda = await searchFor(page, 'nvda', 'NVDA');
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', (await nvda.getAttribute('id')) ?? 'missing id');
  await input.press('Shift+Enter');
  await expect(page.getByText('Added NVDA to “Picks”')).toBeVisible();
  await expect(tableRow(page, 'NVDA')).toBeVisible();
  await expect(nvda).toHaveAccessibleName(/\(in “Picks”\)$/);
  await expect(input).toBeFocused();
  await expect(page).toHaveURL(/\/watchlists$/);
  await expect.poll(() => listSymbols(page, 'Picks')).toEqual(['MSFT', 'NVDA']);

  await input.press('Shift+Enter');
  await expect(page.getByText('Removed NVDA from “Picks”')).toBeVisible();
  await expect(tableRow(page, 'NVDA')).toHaveCount(0);
  await expect.poll(() => listSymbols(page, 'Picks')).toEqual(['MSFT']);

  await input.press('Enter');
  await expect(page).toHaveURL(/\/trading\?symbol=NVDA$/);
});

test('signed out, the search offers no watchlist action', async ({ page }) => {
  await page.goto('/trading');
  const input = page.getByRole('combobox', { name: 'Search a stock to chart' });
  await input.fill('msft');
  const listbox = page.getByRole('listbox', { name: 'Stock suggestions' });
  await expect(listbox.getByRole('option').first()).toHaveAttribute('data-symbol', 'MSFT');
  await expect(listbox.getByTestId('search-option-action')).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-describedby', /.+/);
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
});
