import { expect, test, type Locator } from '@playwright/test';
import { join } from 'node:path';
import { activitiesOf, BROKER_FIXTURES, openActivityImport, portfolioPage, toast } from './brokerImport';

/**
 * Broker files of European accounts through the activity import dialog (issue 27 §2-3): US funds (VTI, SCHD, BND)
 * bought from a EUR or GBP account and VWRL on its London or Amsterdam line. The preview names the layout and shows
 * every trade in its listing's currency with the broker's rate; the import records them so, fees converted.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The preview's row of a line of the file (its first cell is the line number). */
const rowOf = (dialog: Locator, line: number) =>
  dialog
    .getByTestId('import-preview')
    .locator('tbody tr')
    .filter({ has: dialog.page().locator('td:first-child', { hasText: new RegExp(`^${line}$`) }) });

test('DEGIRO from a EUR account: US funds in dollars with their fees converted, VWRL in Amsterdam in euros', async ({
  page,
}) => {
  const id = await portfolioPage(page, 'broker-degiro-eur', 'EUR');
  const dialog = await openActivityImport(page);
  await dialog.locator('input[type="file"]').setInputFiles(join(BROKER_FIXTURES, 'degiro-transactions-funds.csv'));

  await expect(dialog.getByTestId('import-layout-name')).toHaveText('DEGIRO — transactions');
  await expect(dialog.getByTestId('import-summary')).toHaveText('5 rows read, 0 rows cannot be read');
  await expect(dialog.getByTestId('import-columns')).toContainText('currency ← the price’s currency');
  await expect(dialog.getByTestId('import-preview').locator('tbody tr')).toHaveCount(5);
  // 4 VTI at $288.40 from euros at 1.0245: the 3.82 EUR of fees are 3.91 USD.
  const vti = rowOf(dialog, 6);
  await expect(vti).toContainText('VTI');
  await expect(vti).toContainText('$288.40');
  await expect(vti).toContainText('3.91');
  await expect(vti).toContainText('USD @ 1.0245');
  await expect(rowOf(dialog, 4)).toContainText('VWRL.AS');
  // Each row's money in its own currency: VWRL's euros are not dollars.
  await expect(rowOf(dialog, 4)).toContainText('€124.36');
  await expect(rowOf(dialog, 4)).toContainText('EUR');
  await expect(dialog.getByTestId('import-errors')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Import 5 activities' }).click();
  await expect(toast(page, 'Activities imported')).toBeVisible();
  await expect(page.getByTestId('activity-tab').getByTestId('activity-table').locator('tbody tr')).toHaveCount(5);
  const ledger = await activitiesOf(page, id);
  expect(
    ledger.map((a) => [a.date, a.type, a.symbol, a.quantity, a.price, a.fee, a.currency, a.fxRate]).sort(),
  ).toEqual([
    ['2025-01-14', 'buy', 'SCHD', '30', '27.12', '3.06', 'USD', '1.0245'],
    ['2025-01-14', 'buy', 'VTI', '4', '288.4', '3.91', 'USD', '1.0245'],
    ['2025-01-15', 'buy', 'BND', '12', '71.86', '3.18', 'USD', '1.0298'],
    ['2025-01-15', 'buy', 'VWRL.AS', '8', '124.36', '1', 'EUR', null],
    ['2025-06-02', 'sell', 'VTI', '2', '301.15', '2.65', 'USD', '1.1352'],
  ]);
});

test('Trading 212 from a GBP account: VTI, SCHD and BND in dollars, VWRL in London in pounds, interest skipped', async ({
  page,
}) => {
  const id = await portfolioPage(page, 'broker-t212-gbp', 'GBP');
  const dialog = await openActivityImport(page);
  await dialog.locator('input[type="file"]').setInputFiles(join(BROKER_FIXTURES, 'trading212-history-gbp.csv'));

  await expect(dialog.getByTestId('import-layout-name')).toHaveText('Trading 212 — history');
  await expect(dialog.getByTestId('import-summary')).toHaveText('9 rows read, 0 rows cannot be read');
  await expect(dialog.getByTestId('import-skipped')).toContainText('1 row skipped');
  await expect(rowOf(dialog, 3)).toContainText('VTI');
  await expect(rowOf(dialog, 3)).toContainText('1.34');
  await expect(rowOf(dialog, 3)).toContainText('USD @ 1.242');
  await expect(rowOf(dialog, 5)).toContainText('VWRL.L');
  await expect(rowOf(dialog, 5)).toContainText('£');
  await expect(rowOf(dialog, 5)).toContainText('GBP');

  await dialog.getByRole('button', { name: 'Import 9 activities' }).click();
  await expect(toast(page, 'Activities imported')).toBeVisible();
  const holdings = (await (await page.request.get(`/api/portfolios/${id}/holdings`)).json()) as Array<{
    symbol: string;
    quantity: string;
  }>;
  expect(holdings.map((h) => [h.symbol, h.quantity]).sort()).toEqual([
    ['BND', '8'],
    ['SCHD', '25'],
    ['VTI', '2'],
    ['VWRL.L', '6'],
  ]);
  const ledger = await activitiesOf(page, id);
  expect(ledger.find((a) => a.type === 'sell')).toMatchObject({ symbol: 'VTI', fee: '0.45', currency: 'USD' });
  expect(ledger.find((a) => a.type === 'dividend' && a.symbol === 'SCHD')).toMatchObject({
    amount: '4.09',
    currency: 'GBP',
  });
});
