import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activitiesOf, BROKER_FIXTURES as FIXTURES, openActivityImport, portfolioPage, toast } from './brokerImport';

/**
 * Broker files through the import dialogs (issue 27 §2), as a user would: the file chosen or pasted, the layout the
 * preview recognised, how it read the columns and the broker's wordings, the rows it skipped and why, the question
 * when the dates read both ways, and the activities and holdings the import leaves. Files whose trades are priced in
 * another currency than the account's: broker-import-currencies.spec.ts.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

test('a Schwab transactions file: the layout, the wordings, the skipped rows, then the ledger', async ({ page }) => {
  const id = await portfolioPage(page, 'broker-schwab');
  const dialog = await openActivityImport(page);
  await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'schwab-transactions.csv'));

  await expect(dialog.getByTestId('import-layout-name')).toHaveText('Charles Schwab — transactions');
  await expect(dialog.getByTestId('import-summary')).toHaveText('12 rows read, 0 rows cannot be read');
  await expect(dialog.getByTestId('import-columns')).toContainText('fee ← Fees & Comm');
  const wordings = dialog.getByTestId('import-wordings');
  await expect(wordings.locator('[data-wording="MoneyLink Transfer"]')).toHaveText(
    'MoneyLink Transfer → deposit or withdrawal (2)',
  );
  await expect(wordings.locator('[data-wording="Stock Split"]')).toHaveText('Stock Split → split (1)');
  const skipped = dialog.getByTestId('import-skipped');
  await expect(skipped).toContainText('2 rows skipped');
  await skipped.locator('summary').click();
  await expect(skipped).toContainText('line 11 (Credit Interest)');
  await expect(skipped).toContainText('line 16 (Transactions Total)');
  const preview = dialog.getByTestId('import-preview');
  await expect(preview.locator('tbody tr[data-type="split"]')).toContainText('10:1');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('$4.95');

  await dialog.getByRole('button', { name: 'Import 12 activities' }).click();
  await expect(toast(page, 'Activities imported')).toBeVisible();
  await expect(page.getByTestId('activity-tab').getByTestId('activity-table').locator('tbody tr')).toHaveCount(12);
  const ledger = await activitiesOf(page, id);
  expect(ledger.find((a) => a.type === 'buy' && a.symbol === 'KO' && a.quantity === '60')?.fee).toBe('4.95');
  expect(ledger.find((a) => a.type === 'split')).toMatchObject({ symbol: 'AVGO', date: '2024-07-12', ratio: '10:1' });
  const cash = ledger.filter((a) => a.type === 'deposit' || a.type === 'withdrawal');
  expect(cash.map((a) => [a.type, a.date, a.amount])).toEqual([
    ['deposit', '2024-01-10', '15000'],
    ['withdrawal', '2024-11-04', '300'],
  ]);
});

test('a file whose dates read both ways: the preview asks, the answer reads them', async ({ page }) => {
  const id = await portfolioPage(page, 'broker-dates');
  const dialog = await openActivityImport(page);
  await dialog.getByRole('textbox', { name: 'Or paste CSV' }).fill(fixture('plain-activities-ambiguous.csv'));
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const question = dialog.getByTestId('date-question');
  await expect(question).toContainText('Every date in the "Date" column reads both ways');
  await expect(question).toContainText('02/01/2024, 03/01/2024, 05/02/2024');
  await expect(dialog.getByTestId('import-summary')).toHaveText('0 rows read, 5 rows cannot be read');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

  // The answer previews the file again at once, and the question goes away with it.
  await question.getByRole('radio', { name: /^Day first \(02\/01\/2024 is 2 Jan 2024\)/ }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('5 rows read, 0 rows cannot be read');
  await expect(question).toBeHidden();
  await expect(dialog.getByTestId('import-layout')).toContainText('dates read day first, as you chose');
  await expect(dialog.getByTestId('import-skipped')).toContainText('1 row skipped');
  await dialog.getByRole('button', { name: 'Import 5 activities' }).click();
  await expect(toast(page, 'Activities imported')).toBeVisible();
  const ledger = await activitiesOf(page, id);
  expect(ledger.map((a) => [a.date, a.type, a.symbol]).sort()).toEqual([
    ['2024-01-02', 'deposit', null],
    ['2024-01-03', 'buy', 'KO'],
    ['2024-02-05', 'buy', 'PG'],
    ['2024-03-11', 'dividend', 'KO'],
    ['2024-04-01', 'sell', 'KO'],
  ]);
});

test('a Fidelity positions file: holdings, the sweep fund as cash, the pending line skipped', async ({ page }) => {
  const id = await portfolioPage(page, 'broker-fidelity');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import holdings from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'fidelity-positions.csv'));

  await expect(dialog.getByTestId('import-layout-name')).toHaveText('Fidelity — positions');
  await expect(dialog.getByTestId('import-columns').locator('[data-field="Cash"]')).toHaveText('Cash ← Current Value');
  const rows = dialog.getByTestId('import-preview').locator('tbody tr');
  await expect(rows.filter({ has: page.locator('td', { hasText: 'SPAXX' }) })).toContainText('$2,367.40');
  await expect(dialog.getByTestId('import-preview').locator('tbody tr[data-kind="cash"]')).toHaveCount(2);
  await expect(rows.filter({ hasText: 'MSFT' })).toContainText('Average price is required');
  const skipped = dialog.getByTestId('import-skipped');
  await expect(skipped).toContainText('4 rows skipped');
  await skipped.locator('summary').click();
  await expect(skipped).toContainText('line 9 (Pending Activity)');

  await dialog.getByRole('button', { name: 'Import 6 rows' }).click();
  await expect(toast(page, 'Holdings imported')).toBeVisible();
  await expect(page.getByTestId('holdings-table').locator('tbody tr')).toHaveCount(4);
  const ledger = await activitiesOf(page, id);
  expect(
    ledger
      .filter((a) => a.type === 'deposit')
      .map((a) => a.amount)
      .sort(),
  ).toEqual(['2367.4', '312.55']);
  expect(
    ledger
      // Positions without a purchase date come in as transfers at their cost basis (decision 022).
      .filter((a) => a.type === 'transfer_in')
      .map((a) => [a.symbol, a.quantity, a.price])
      .sort(),
  ).toEqual([
    ['AAPL', '6', '183.63'],
    ['KO', '30.236', '59.86'],
    ['NVDA', '50', '88.01'],
    ['VOO', '4', '436.5'],
  ]);
});
