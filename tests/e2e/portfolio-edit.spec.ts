import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/** Changing what is already there: a holding's numbers, a portfolio's name and description, a holding's removal. */

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

/** A signed-in user with one portfolio holding AAPL and MSFT, opened on /portfolio. */
async function portfolioWithTwoHoldings(page: Page, tag: string): Promise<string> {
  await registerViaApi(page, newUser(tag));
  const created = await page.request.post('/api/portfolios', { data: { name: 'Long term', description: 'Old words' } });
  const { id } = await created.json();
  for (const [symbol, quantity, averagePrice] of [
    ['AAPL', '10', '150'],
    ['MSFT', '2', '300'],
  ]) {
    expect(
      (
        await page.request.post(`/api/portfolios/${id}/holdings`, { data: { symbol, quantity, averagePrice } })
      ).status(),
    ).toBe(201);
  }
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Long term' })).toBeVisible();
  return id;
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("edit a holding's quantity and average price", async ({ page }) => {
    const id = await portfolioWithTwoHoldings(page, 'edit-holding');
    await page.getByRole('button', { name: 'Edit AAPL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit AAPL' });
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('10');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Quantity must be greater than 0')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('12.5');
    await dialog.getByRole('spinbutton', { name: 'Average price' }).fill('142.25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'AAPL updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('holdings-table').locator('tr[data-symbol="AAPL"]');
    await expect(row).toContainText('12.5');
    await expect(row).toContainText('$142.25');
    const holdings = await (await page.request.get(`/api/portfolios/${id}/holdings`)).json();
    expect(holdings.find((h: { symbol: string }) => h.symbol === 'AAPL')).toMatchObject({
      quantity: '12.5',
      averagePrice: '142.25',
    });
  });

  test('rename a portfolio and change its description', async ({ page }) => {
    await portfolioWithTwoHoldings(page, 'rename');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit portfolio' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Long term');
    await name.fill('');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await name.fill('Retirement');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('For later');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Portfolio updated')).toBeVisible();
    // The dialog closes on success (its fields may linger during the closing transition, so the page's own text is read).
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Retirement' })).toBeVisible();
    await expect(page.getByTestId('portfolio-detail').getByText('For later')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Open portfolio Retirement' })).toBeVisible();
  });

  test("a holding's delete asks first; Cancel keeps it", async ({ page }) => {
    await portfolioWithTwoHoldings(page, 'remove-holding');
    const rows = page.getByTestId('holdings-table').locator('tbody tr');
    await page.getByRole('button', { name: 'Remove MSFT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove MSFT?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove MSFT' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Stock removed successfully!')).toBeVisible();
    await expect(rows).toHaveCount(1);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('holdings are cards with every figure in view; nothing scrolls sideways', async ({ page }) => {
    await portfolioWithTwoHoldings(page, 'phone-cards');
    const cards = page.getByTestId('holding-cards').getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('holdings-table')).toBeHidden();
    const aapl = page.getByRole('article', { name: 'AAPL holding' });
    for (const label of ['Quantity', 'Avg price', 'Price', 'Today'])
      await expect(aapl.getByText(label, { exact: true })).toBeVisible();
    await expect(aapl.getByText('$150.00')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // The actions work from a card too.
    await aapl.getByRole('button', { name: 'Edit AAPL' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit AAPL' })).toBeVisible();
  });
});
