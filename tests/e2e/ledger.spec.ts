import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * The ledger story of issue 21 in the browser: a CSV of activities imported through the preview, then the
 * Performance card read against figures worked out by hand from the same ledger, in both cost methods; axe on the
 * Activity tab and the Performance card in both themes.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

const HEADER = 'Date,Type,Symbol,Quantity,Price,Fee,Amount,Ratio,Note';
const ROWS = [
  '2024-01-02,deposit,,,,,10000,,Opening deposit',
  '2024-01-03,buy,AAPL,10,100,1,,,',
  '2024-02-01,buy,AAPL,10,120,1,,,',
  '2024-03-01,sell,AAPL,15,130,2,,,',
  '2024-04-01,dividend,AAPL,,,,5.50,,',
];
const GOOD_CSV = [HEADER, ...ROWS].join('\n');
const BAD_CSV = [HEADER, ...ROWS, '2024-04-02,buy,AAPL,lots,100,,,,'].join('\n');

/*
 * By hand. Buys cost quantity × price + fee: lot 1 is 10 at 100.10 (1,001.00), lot 2 is 10 at 120.10 (1,201.00);
 * 2,202.00 from 10,000.00 of cash, so nothing is funded from outside: net deposits 10,000.00.
 * The sell's proceeds are 15 × 130 − 2 = 1,948.00.
 *  FIFO: it uses lot 1 (1,001.00) and 5 of lot 2 (600.50): cost 1,601.50, realised 346.50; 5 left at 120.10.
 *  Average cost: 2,202.00 / 20 = 110.10 a share, 15 cost 1,651.50, realised 296.50.
 * Dividends 5.50.
 */
const FIFO_REALISED = '+$346.50';
const AVERAGE_REALISED = '+$296.50';

async function importThroughDialog(page: Page) {
  await page.getByRole('tab', { name: 'Activity' }).click();
  const tab = page.getByTestId('activity-tab');
  await expect(tab.getByText('No activities yet: add a buy, a deposit or import a CSV')).toBeVisible();
  await tab.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import activities from CSV' });
  const pasted = dialog.getByRole('textbox', { name: 'Or paste CSV' });

  // A row that cannot be read is named with its reason, and nothing can be imported until it is fixed.
  await pasted.fill(BAD_CSV);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('5 rows read, 1 row cannot be read');
  await expect(dialog.getByTestId('import-errors')).toContainText('Line 7');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

  await pasted.fill(GOOD_CSV);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('5 rows read, 0 rows cannot be read');
  const preview = dialog.getByTestId('import-preview').locator('tbody tr[data-valid="true"]');
  await expect(preview).toHaveCount(5);
  await expect(preview.nth(3)).toContainText('Sell');
  await dialog.getByRole('button', { name: 'Import 5 activities' }).click();
  await expect(toast(page, 'Activities imported')).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = tab.getByTestId('activity-table').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // Newest first.
  await expect(rows.first()).toHaveAttribute('data-type', 'dividend');
  await expect(rows.last()).toHaveAttribute('data-type', 'deposit');
}

const figure = (card: Locator, id: string) => card.getByTestId(id).locator('[data-value]');

async function axeOf(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('import activities from a CSV, read performance against the ledger, switch the cost method', async ({ page }) => {
  test.slow();
  await registerViaApi(page, newUser('ledger'));
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const create = page.getByRole('dialog', { name: 'Create Portfolio' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Ledger story');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Ledger story' })).toBeVisible();

  await importThroughDialog(page);

  await page.getByRole('tab', { name: 'Overview' }).click();
  const card = page.getByTestId('performance-card');
  await expect(figure(card, 'figure-realised')).toHaveText(FIFO_REALISED);
  await expect(figure(card, 'figure-dividends')).toHaveText('$5.50');
  await expect(card.getByTestId('waterfall-flows')).toHaveText('+$10,000.00');
  await expect(card.getByTestId('waterfall-realised')).toHaveText(FIFO_REALISED);
  await expect(card.getByTestId('waterfall-dividends')).toHaveText('+$5.50');
  await expect(card.getByTestId('waterfall-start')).toHaveText('$0.00');
  await expect(page.getByTestId('dividends-received')).toContainText('AAPL');
  await expect(page.getByTestId('holdings-table').locator('tr[data-symbol="AAPL"]')).toContainText('5');
  await expect(page.getByTestId('holdings-table').getByTestId('holding-realised')).toHaveText(FIFO_REALISED);
  // FIFO: the 5 shares left are the rest of the second lot.
  await page.getByRole('button', { name: 'Show the 1 FIFO lot of AAPL' }).click();
  await expect(page.getByTestId('holding-lots')).toContainText('$120.10');
  // The chart loads on demand and draws one point a day.
  await expect(card.getByTestId('performance-chart')).toBeVisible();

  // Every figure says what it means, from the keyboard too.
  const twrTip = card.getByRole('button', { name: /^What Time-weighted return \(TWR\) means/ });
  // Reached with the Tab key (a programmatic focus is not a keyboard focus).
  await twrTip.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(twrTip).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: 'measures the investments alone' })).toBeVisible();

  // The cost method changes the realised gain, and only that split between realised and unrealised.
  await card.getByTestId('cost-method').getByText('Average cost').click();
  await expect(toast(page, 'Cost method: Average cost')).toBeVisible();
  await expect(figure(card, 'figure-realised')).toHaveText(AVERAGE_REALISED);
  await expect(card.getByTestId('waterfall-realised')).toHaveText(AVERAGE_REALISED);
  await expect(page.getByTestId('holdings-table').getByTestId('holding-realised')).toHaveText(AVERAGE_REALISED);
  await expect(figure(card, 'figure-dividends')).toHaveText('$5.50');

  // Edit the dividend: the form shows the dividend's fields, and the figures follow.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByRole('button', { name: /^Edit: Dividend of \$5\.50 from AAPL/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit activity' });
  await expect(form.getByRole('textbox', { name: 'Quantity' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Amount' }).fill('6.25');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Activity updated')).toBeVisible();
  await expect(page.getByTestId('activity-table').locator('tr[data-type="dividend"]')).toContainText('$6.25');

  // Deleting the first buy would make the sell impossible: asked first, then refused with the reason, nothing lost.
  await page.getByRole('button', { name: /^Delete: Buy 10 AAPL at \$100\.00/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this buy?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Failed to delete activity')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('activity-table').locator('tbody tr')).toHaveCount(5);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(figure(page.getByTestId('performance-card'), 'figure-dividends')).toHaveText('$6.25');
});

for (const theme of ['dark', 'light'] as const) {
  test(`the Activity tab and the Performance card pass axe in the ${theme} theme`, async ({ page }) => {
    // A ledger imported, then two axe reads: 16–22 s here, and CI's machine is slower.
    test.slow();
    await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
    await registerViaApi(page, newUser(`ledger-axe-${theme}`));
    const created = await page.request.post('/api/portfolios', { data: { name: `Axe ${theme}` } });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    for (const row of ROWS) {
      const [date, type, symbol, quantity, price, fee, amount] = row.split(',');
      const body = Object.fromEntries(
        Object.entries({ date, type, symbol, quantity, price, fee, amount }).filter(([, v]) => v !== ''),
      );
      const added = await page.request.post(`/api/portfolios/${id}/activities`, { data: body });
      expect(added.status(), await added.text()).toBe(201);
    }
    await page.goto('/portfolio');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    const card = page.getByTestId('performance-card');
    await expect(figure(card, 'figure-realised')).toHaveText(FIFO_REALISED);
    await expect(card.getByTestId('performance-chart')).toBeVisible();
    await expect(page.getByTestId('monthly-returns')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeOf(page, '[data-testid="performance-section"]')).toEqual([]);

    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByTestId('activity-table').locator('tbody tr')).toHaveCount(5);
    expect(await axeOf(page, '[data-testid="activity-tab"]')).toEqual([]);

    // The import dialog with its preview, an unreadable row included.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities from CSV' });
    await dialog.getByRole('textbox', { name: 'Or paste CSV' }).fill(BAD_CSV);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('import-errors')).toBeVisible();
    // Mantine's enter transition must be over: axe reads colours as painted.
    await page.waitForTimeout(300);
    expect(await axeOf(page, '[role="dialog"]')).toEqual([]);
  });
}
