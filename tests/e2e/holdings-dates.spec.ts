import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { portfolioWithActivities } from './ledgerApi';
import { newUser, registerViaApi } from './support';

/**
 * Issue 27 §1 and §6 in the browser: Add Stock with and without a purchase date, the list of positions without one
 * and the dialog that dates them; the monthly-returns grid with its yearly totals, whole at 1440 px and usable at
 * 390 px, in both themes; axe on each.
 */

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();
const SHOTS = 'test-results/holdings-dates';

async function axeOf(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function addStock(page: Page, symbol: string, quantity: string, price: string, date?: string) {
  await page.getByRole('button', { name: 'Add Stock' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Stock' });
  await dialog.getByRole('textbox', { name: 'Symbol' }).fill(symbol);
  const averagePrice = dialog.getByRole('spinbutton', { name: 'Average price' });
  await expect(averagePrice).not.toHaveValue('');
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill(quantity);
  await averagePrice.fill(price);
  const when = dialog.getByLabel('Purchase date (optional)');
  await expect(when).toHaveValue('');
  if (date) await when.fill(date);
  await dialog.getByRole('button', { name: 'Add Stock' }).click();
  await expect(toast(page, 'Stock added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('purchase dates', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Add Stock with a date records a buy; without one the page lists it and dates it', async ({ page }) => {
    // Two portfolios' worth of dialogs and an axe read: 29.5 s here, at the edge of the 30 s default.
    test.slow();
    await registerViaApi(page, newUser('holding-dates'));
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'Create Portfolio' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Portfolio' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Dated');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();

    // A date in the future is refused in the dialog, before anything is sent.
    await page.getByRole('button', { name: 'Add Stock' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Stock' });
    await dialog.getByRole('textbox', { name: 'Symbol' }).fill('AAPL');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Average price' }).fill('150');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    expect(await axeOf(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Purchase date (optional)').fill('2099-01-01');
    await dialog.getByRole('button', { name: 'Add Stock' }).click();
    await expect(dialog.getByText('Purchase date cannot be in the future')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/add-stock-date.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addStock(page, 'AAPL', '2', '150', '2024-03-01');
    await expect(page.getByTestId('undated-holdings')).toHaveCount(0);
    await addStock(page, 'KO', '10', '50');
    const undated = page.getByTestId('undated-holdings');
    await expect(undated).toContainText('1 position has no purchase date');
    await expect(undated.locator('[data-symbol="KO"]')).toBeVisible();
    await expect(undated.locator('[data-symbol="AAPL"]')).toHaveCount(0);
    expect(await axeOf(page, '[data-testid="undated-holdings"]')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/undated-list.png`, fullPage: true });

    await undated.getByRole('button', { name: 'Add purchase date of KO' }).click();
    const dating = page.getByRole('dialog', { name: 'Purchase date of KO' });
    await dating.getByRole('button', { name: 'Save date' }).click();
    await expect(dating.getByText('Purchase date is required')).toBeVisible();
    await dating.getByLabel('Purchase date').fill('2023-06-15');
    // Off the button just pressed: axe reads colours as painted, and a hovered button is painted darker.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    expect(await axeOf(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/purchase-date-dialog.png` });
    await dating.getByRole('button', { name: 'Save date' }).click();
    await expect(toast(page, 'KO: purchase date saved')).toBeVisible();
    await expect(dating).toBeHidden();
    await expect(page.getByTestId('undated-holdings')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Activity' }).click();
    const rows = page.getByTestId('activity-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'KO' })).toHaveAttribute('data-type', 'buy');
    await expect(rows.filter({ hasText: 'KO' })).toContainText('2023');
    await expect(rows.filter({ hasText: 'AAPL' })).toHaveAttribute('data-type', 'buy');
    await expect(rows.filter({ hasText: 'AAPL' })).toContainText('2024');
  });
});

const GRID_LEDGER = [
  { type: 'deposit', date: '2024-01-02', amount: '10000' },
  { type: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: '20', price: '100' },
  { type: 'buy', date: '2024-06-03', symbol: 'MSFT', quantity: '5', price: '300' },
];

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1440, 390]) {
    test(`the monthly grid at ${width} px in the ${theme} theme: December and the yearly totals`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
      await registerViaApi(page, newUser(`grid-${theme}-${width}`));
      await portfolioWithActivities(page, `Grid ${theme}`, GRID_LEDGER);
      await page.goto('/portfolio');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      const grid = page.getByTestId('monthly-returns');
      await grid.scrollIntoViewIfNeeded();
      const december = grid.locator('[data-month="2025-12"]');
      await expect(december).toHaveText(/^[+−-]?\d+\.\d{2}%$/);
      for (const year of ['2024', '2025', '2026'])
        await expect(grid.locator(`[data-year-total="${year}"]`)).toHaveText(/^[+−-]?\d+\.\d{2}%$/);
      const region = grid.getByRole('region', { name: 'Monthly returns by year' });
      if (width === 1440) {
        // Whole: nothing to scroll, December and the totals inside the card.
        const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const [box, cell] = [await region.boundingBox(), await grid.locator('[data-year-total="2025"]').boundingBox()];
        expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
      } else {
        // A phone scrolls the grid sideways; December and the total come into view.
        await grid.locator('[data-year-total="2025"]').scrollIntoViewIfNeeded();
        await expect(grid.locator('[data-year-total="2025"]')).toBeInViewport();
      }
      await page.waitForLoadState('networkidle');
      expect(await axeOf(page, '[data-testid="monthly-returns"]')).toEqual([]);
      await grid.screenshot({ path: `${SHOTS}/grid-${theme}-${width}.png` });
    });
  }
}
