import { expect, test, type Browser, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/** The signed-in home is worth opening: today's popular movers, the user's money, their unread messages. */

test.use({ viewport: { width: 1440, height: 900 } });

async function signedIn(browser: Browser, tag: string, firstName: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await registerViaApi(page, newUser(tag, firstName));
  return page;
}

const usd = (value: number) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    signDisplay: 'negative',
  });

test('the dashboard shows the popular movers, the portfolios’ value with today’s change, and unread messages', async ({
  browser,
}) => {
  const ada = await signedIn(browser, 'dash-ada', 'Adaline');
  const bob = await signedIn(browser, 'dash-bob', 'Dashiell');
  // Two portfolios: the dashboard adds them up.
  for (const [name, symbol, quantity] of [
    ['Growth', 'AAPL', 10],
    ['Index', 'SPY', 3],
  ] as const) {
    const created = await ada.request.post('/api/portfolios', { data: { name } });
    const { id } = (await created.json()) as { id: string };
    const added = await ada.request.post(`/api/portfolios/${id}/holdings`, {
      data: { symbol, quantity, averagePrice: 100 },
    });
    expect(added.status()).toBe(201);
  }
  // Bob becomes a friend and writes twice.
  const sent = await bob.request.post('/api/friend-requests/send', {
    data: { username: (await (await ada.request.get('/api/auth/user')).json()).email },
  });
  const { request } = await sent.json();
  expect((await ada.request.post(`/api/friend-requests/${request.id}/accept`)).status()).toBe(200);
  const adaId = (await (await ada.request.get('/api/auth/user')).json()).id;
  for (const content of ['Hi Ada', 'Seen NVDA today?']) {
    expect(
      (await bob.request.post('/api/direct-messages/send', { data: { receiverId: adaId, content } })).status(),
    ).toBe(201);
  }

  await ada.goto('/');
  const movers = ada.getByRole('region', { name: 'Popular movers' });
  await expect(movers.getByTestId('mover-symbol')).toHaveCount(4);

  const portfolios = ada.getByRole('region', { name: 'Your portfolios' });
  const listed = (await (await ada.request.get('/api/portfolios')).json()) as { totalValue: string }[];
  const total = listed.reduce((sum, p) => sum + Number(p.totalValue), 0);
  expect(total).toBeGreaterThan(0);
  await expect(portfolios.getByTestId('dashboard-portfolio-value')).toHaveText(usd(total));
  await expect(portfolios.getByTestId('dashboard-portfolio-change')).toHaveText(
    /^(\+|-)?\$[\d,]+\.\d\d \((\+|-)?[\d.]+%\) today$/,
  );
  await expect(portfolios).toContainText('2 portfolios');

  const messages = ada.getByRole('region', { name: 'Messages' });
  await expect(messages.getByTestId('dashboard-unread')).toHaveText('2');
  await expect(messages).toContainText('unread messages');

  // A mover opens its chart.
  const symbol = (await movers.getByTestId('mover-symbol').first().textContent())!;
  await movers.getByTestId('mover-symbol').first().click();
  await expect(ada).toHaveURL(new RegExp(`/trading\\?symbol=${symbol.replace('^', '%5E')}`));
  await ada.context().close();
  await bob.context().close();
});

test('while the figures load, the dashboard shows placeholders, not zeros', async ({ page }) => {
  await registerViaApi(page, newUser('dash-loading'));
  await page.route(/\/trpc\/[^?]*(portfolios\.list|social\.friends)/, () => undefined);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Your portfolios' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your portfolios' }).locator('[aria-busy=true]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Messages' }).locator('[aria-busy=true]')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-unread')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-portfolio-value')).toHaveCount(0);
});

test('the updates page lists what was built, newest first', async ({ page }) => {
  await page.goto('/updates');
  const entries = page.getByTestId('update-entry');
  await expect(entries.first()).toBeVisible();
  const firstSix = await entries.evaluateAll((cards) =>
    cards.slice(0, 6).map((c) => c.querySelector('p')?.textContent),
  );
  expect(firstSix).toEqual([
    'Social Hub',
    'Candlestick charts with volume',
    'Portfolios',
    'Forecasts from the Financial Agent',
    'Financial Agent',
    'System status page',
  ]);
  const dates = await entries.evaluateAll((cards) =>
    cards.map((c) => Date.parse(c.querySelectorAll('p')[1]?.textContent ?? '')),
  );
  for (let i = 1; i < dates.length; i++) expect(dates[i]).toBeLessThanOrEqual(dates[i - 1]);
});

test('the footer year follows the clock', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2031-03-01T12:00:00Z'));
  await page.goto('/updates');
  await expect(page.getByRole('contentinfo')).toContainText('© 2031 Tickwise. All rights reserved.');
});

test('the updates page’s highlights are its newest features', async ({ page }) => {
  await page.goto('/updates');
  const banner = page.getByRole('heading', { name: "What's New" }).locator('..');
  for (const title of ['Social Hub', 'Portfolios', 'Financial Agent']) await expect(banner).toContainText(title);
  await expect(banner).not.toContainText('CAPTCHA protection');
});
