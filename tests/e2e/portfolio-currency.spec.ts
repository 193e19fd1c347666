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
  // The dollars' currency gain since the dividend's day has a line of its own; "Unrealised gain" is the shares'.
  await expect(card.getByTestId('figure-cash-currency-gain').locator('[data-value]')).toHaveText(
    eur(performance.cashCurrencyGain),
  );
  await expect(card.getByTestId('figure-cash-currency-gain')).toContainText('Currency gain on cash');
  // The 5 USD dividend, converted at its day's rate, shown in euros.
  await expect(card.getByTestId('figure-dividends').locator('[data-value]')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Number(performance.dividends)),
  );
  expect(performance.dividends).not.toBe('5.00');

  // Decision 023: the dividend's 5 USD are dollars held, worth 5 × today's USD→EUR rate, not the euros they were on
  // their day. Today's rate is the AAPL holding's euro price over its dollar price (to a millionth of a euro a share).
  const detail = await (await page.request.get(`/api/portfolios/${portfolio.id}`)).json();
  const euros = detail.portfolio.cashByCurrency.find((c: { currency: string }) => c.currency === 'EUR').amount;
  expect(detail.portfolio.cashByCurrency).toContainEqual({ currency: 'USD', amount: '5.00' });
  const aapl = detail.holdings.find((h: { symbol: string }) => h.symbol === 'AAPL');
  const rateToday = Number(aapl.currentPrice) / Number(aapl.listingPrice);
  const dollarsInEuros = Number(detail.portfolio.cashBalance) - Number(euros);
  expect(Math.abs(dollarsInEuros - 5 * rateToday)).toBeLessThanOrEqual(0.01);
  // Before, the dollars stayed at the dividend's converted amount for good.
  if (Math.abs(5 * rateToday - Number(performance.dividends)) > 0.01)
    expect(detail.portfolio.cashBalance).not.toBe((Number(euros) + Number(performance.dividends)).toFixed(2));
  // The page shows that cash, each currency in its own, and one total: the Performance card's end value.
  expect(performance.endValue).toBe(detail.portfolio.totalValue);
  expect(performance.cashBalance).toBe(detail.portfolio.cashBalance);
  const plain = (v: string, currency: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(v));
  await expect(page.getByTestId('total-value')).toHaveText(plain(detail.portfolio.totalValue, 'EUR'));
  await expect(page.getByTestId('total-value-parts')).toContainText(
    `Cash ${plain(detail.portfolio.cashBalance, 'EUR')}`,
  );
  await expect(page.getByTestId('cash-by-currency')).toHaveText(`Cash: ${plain(euros, 'EUR')} · $5.00`);
});
