import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * Issue 27 §3 in the browser: a portfolio created in EUR through the dialog's currency picker, a US share bought in
 * dollars, and the Performance card showing the server's converted figures in euros.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const eur = (v: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', signDisplay: 'exceptZero' }).format(Number(v));

test('create a EUR portfolio and read its values converted into euros', async ({ page }) => {
  test.slow();
  await registerViaApi(page, newUser('currency'));
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const create = page.getByRole('dialog', { name: 'Create Portfolio' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Euro savings');
  await create.getByRole('combobox', { name: 'Base currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Euro savings' })).toBeVisible();

  const [portfolio] = await (await page.request.get('/api/portfolios')).json();
  expect(portfolio.baseCurrency).toBe('EUR');
  for (const data of [
    { type: 'deposit', date: daysAgo(200), amount: '5000' },
    { type: 'buy', date: daysAgo(150), symbol: 'AAPL', quantity: '10', price: '150' },
    { type: 'dividend', date: daysAgo(50), symbol: 'AAPL', amount: '5' },
  ]) {
    const added = await page.request.post(`/api/portfolios/${portfolio.id}/activities`, { data });
    expect(added.status(), await added.text()).toBe(201);
  }
  const performance = await (await page.request.get(`/api/portfolios/${portfolio.id}/performance?range=ALL`)).json();
  expect(performance.currency).toBe('EUR');

  await page.reload();
  const card = page.getByTestId('performance-card');
  await expect(card.getByTestId('figure-unrealised').locator('[data-value]')).toHaveText(
    eur(performance.unrealisedGain),
  );
  // The 5 USD dividend, converted at its day's rate, shown in euros.
  await expect(card.getByTestId('figure-dividends').locator('[data-value]')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Number(performance.dividends)),
  );
  expect(performance.dividends).not.toBe('5.00');
});
