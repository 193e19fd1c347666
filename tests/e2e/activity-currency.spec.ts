import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * Issue 27 §3 in the browser: the add-activity dialog's currency field. A euro deposit entered in a dollar
 * portfolio is recorded in EUR and its cash shown converted into dollars on the summary card; a Frankfurt buy takes
 * its listing's currency by default; shares transferred in ask for their cost per share.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const usd = (v: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));

test('a EUR deposit entered in the dialog is shown converted into the portfolio’s dollars', async ({ page }) => {
  test.slow();
  await registerViaApi(page, newUser('activity-currency'));
  const created = await page.request.post('/api/portfolios', { data: { name: 'Dollar book' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await page.goto('/portfolio');
  await page.getByRole('tab', { name: 'Activity' }).click();
  const tab = page.getByTestId('activity-tab');
  await tab.getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });

  // Shares transferred in have no trade price: the dialog asks what they cost.
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Transfer in' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Cost per share' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Price per share' })).toHaveCount(0);

  // A Frankfurt symbol takes its listing's currency by default.
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Buy', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Symbol' }).fill('SAP.DE');
  await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');

  // Cash defaults to the base; the investor picks EUR.
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Deposit' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('1000');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await dialog.getByRole('button', { name: 'Add activity' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByText('€1,000.00')).toBeVisible();

  const activities = await (await page.request.get(`/api/portfolios/${id}/activities`)).json();
  const list = (activities.activities ?? activities) as Array<{ type: string; currency: string; amount: string }>;
  expect(list.map((a) => `${a.type} ${a.amount} ${a.currency}`)).toEqual(['deposit 1000 EUR']);
  const { portfolio } = await (await page.request.get(`/api/portfolios/${id}`)).json();
  // Converted at the day's EUR/USD rate (the simulated market's stays between about 0.95 and 1.40).
  expect(Number(portfolio.cashBalance)).toBeGreaterThan(900);
  expect(portfolio.cashBalance).not.toBe('1000.00');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('total-value')).toHaveText(usd(portfolio.totalValue));
  await expect(page.getByTestId('total-value-parts')).toContainText(`Cash ${usd(portfolio.cashBalance)}`);
  // Cash is kept per currency: the euros are shown as euros beside their dollar total.
  await expect(page.getByTestId('cash-by-currency')).toHaveText('Cash: €1,000.00');
});
