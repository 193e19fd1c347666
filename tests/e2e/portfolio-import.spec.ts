import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/** A broker's positions export imported as downloaded: the preview says which column became what. */

test.use({ viewport: { width: 1440, height: 900 } });

const FIDELITY_LIKE = [
  'Brokerage positions as of Nov-24-2026',
  'Account Number\tSymbol\tDescription\tQuantity\tLast Price\tCurrent Value\tAverage Cost Basis',
  'Z123\tKO\tCOCA COLA CO\t12\t$70.10\t$841.20\t$58.50',
  'Z123\tJPM\tJPMORGAN CHASE\t1,000\t$250.00\t$250,000.00\t$201.12',
].join('\n');

test('import a tab-separated broker export with a title line', async ({ page }) => {
  await registerViaApi(page, newUser('broker-csv'));
  const { id } = await (await page.request.post('/api/portfolios', { data: { name: 'Broker' } })).json();
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import holdings from CSV' });
  await dialog.getByRole('textbox', { name: 'Or paste CSV' }).fill(FIDELITY_LIKE);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const columns = dialog.getByTestId('import-columns');
  await expect(columns).toContainText('Columns (header on line 2)');
  await expect(columns.locator('[data-field="Average price"]')).toHaveText('Average price ← Average Cost Basis');
  await expect(columns).toContainText('Not read: Account Number, Description, Last Price');
  await expect(columns.locator('[data-field="Cash"]')).toHaveText('Cash ← Current Value');
  await expect(dialog.getByTestId('import-preview').locator('tbody tr[data-valid="true"]')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByTestId('holdings-table').locator('tbody tr')).toHaveCount(2);
  const holdings = await (await page.request.get(`/api/portfolios/${id}/holdings`)).json();
  expect(
    holdings
      .map((h: { symbol: string; quantity: string; averagePrice: string }) => [h.symbol, h.quantity, h.averagePrice])
      .sort(),
  ).toEqual([
    ['JPM', '1000', '201.12'],
    ['KO', '12', '58.5'],
  ]);
});
