import { expect, test, type Page } from '@playwright/test';
import { befriend, personIn } from './socialPeople';
import { newUser, registerViaApi } from './support';

/**
 * Issue 18: the page survives a lost connection. Offline (Chromium's offline mode), what a person does fails with
 * 'You are offline', the page stays, and typed text is kept; back online the same actions work.
 */

test('a direct message sent offline says "You are offline", keeps its text, and goes once back online', async ({
  browser,
}) => {
  const ada = await personIn(browser, 'offline-ada', 'Adaline');
  const bob = await personIn(browser, 'offline-bob', 'Peregrine');
  await befriend(ada, bob);
  const { page } = ada;
  await page.goto('/social');
  await expect(page.getByTestId('realtime-status')).toContainText('Real-time messaging active');
  await page.getByRole('button', { name: 'Message Peregrine Lovelace' }).click();
  const input = page.getByTestId('message-input');

  await page.context().setOffline(true);
  await input.fill('are you there?');
  await input.press('Enter');
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(input).toHaveValue('are you there?');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByTestId('message')).toHaveCount(0);

  await page.context().setOffline(false);
  await input.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'are you there?' })).toHaveCount(1);
  await expect(input).toHaveValue('');
  // The toast code, which could not load offline, loads now: the next toast is the real one.
  const carl = await personIn(browser, 'offline-carl', 'Wilhelmina');
  await page.getByRole('tab', { name: /Friends/ }).click();
  await page.getByRole('textbox', { name: 'Find people' }).fill(carl.user.email);
  await page.getByRole('button', { name: 'Add Wilhelmina Lovelace as a friend' }).click();
  await expect(page.locator('[data-toast="true"]')).toContainText('Friend request sent!');
});

const timeframeButton = (page: Page, tf: string) =>
  page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: tf, exact: true });

test('a range picked offline says "You are offline" and the page stays on the range it draws', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trading?symbol=AAPL');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');

  await page.context().setOffline(true);
  await timeframeButton(page, '5Y').click();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(timeframeButton(page, '1D')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('chart-timeframe')).toHaveText('1D');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  await expect(page).toHaveURL(/\/trading\?symbol=AAPL$/);

  await page.context().setOffline(false);
  await timeframeButton(page, '5Y').click();
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 5Y' })).toHaveAttribute('data-state', 'ready');
  await expect(timeframeButton(page, '5Y')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/trading\?symbol=AAPL&range=5Y$/);
});

test('a symbol picked offline waits for the connection, then draws, with no error', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trading?symbol=AAPL');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');

  await page.context().setOffline(true);
  // Everything the chart shows from here on is recorded, so "no error" covers the whole wait, however long it was.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { chartHistory: string[] }).chartHistory = seen;
    const record = () => {
      const figure = document.querySelector('[role="figure"][aria-label="MSFT price chart, 1D"]');
      if (figure) seen.push(figure.getAttribute('data-state') ?? '');
      if (document.body.textContent?.includes('Failed to fetch historical data')) seen.push('failure message');
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('complementary', { name: 'Popular' }).locator('[data-symbol="MSFT"]').click();
  await expect(page.getByTestId('chart-symbol')).toHaveText('MSFT');
  // The market calls wait for the connection (as react-query's did), or draw what the page already has.
  await expect(page.getByRole('figure', { name: 'MSFT price chart, 1D' })).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByRole('figure', { name: 'MSFT price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  // Nothing failed while it waited: never an error state, never the failure message.
  const history = await page.evaluate(() => (window as unknown as { chartHistory: string[] }).chartHistory);
  expect(history.filter((state) => state === 'error' || state === 'failure message')).toEqual([]);
  await expect(page.getByText('Failed to fetch historical data')).toHaveCount(0);
});

test('a history fetch that never reached the server is tried again and draws, with no outage toast', async ({
  page,
}) => {
  // Going back online, Chromium says 'online' a moment before its network carries requests: the first fetch can drop.
  let dropped = 0;
  await page.route(/\/trpc\/stocks\.history\?.*MSFT/, async (route) => {
    if (dropped++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trading?symbol=MSFT');
  await expect(page.getByRole('figure', { name: 'MSFT price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  expect(dropped).toBe(2);
  await expect(page.getByText('Failed to fetch historical data')).toHaveCount(0);
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test('Update Prices offline says "You are offline" and keeps the portfolio on screen', async ({ page }) => {
  await registerViaApi(page, newUser('offline-prices'));
  const { id } = await (await page.request.post('/api/portfolios', { data: { name: 'Travelling' } })).json();
  await page.request.post(`/api/portfolios/${id}/holdings`, {
    data: { symbol: 'SPY', quantity: 1, averagePrice: 500 },
  });
  await page.goto('/portfolio');
  await expect(page.getByTestId('prices-updated-at')).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Update Prices' }).click();
  // Exact: a part of the page still loading when the connection went says "You are offline: this part could not load."
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('portfolio-detail')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Update Prices' }).click();
  // The offline toast may still be on screen beside it.
  await expect(page.locator('[data-toast="true"]', { hasText: 'Prices updated successfully!' })).toBeVisible();
});

test('a page whose code cannot be fetched offline offers Retry, and loads once back online', async ({ page }) => {
  await registerViaApi(page, newUser('offline-route'));
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolios', exact: true })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Social' }).click();
  const failed = page.getByTestId('route-load-error');
  await expect(failed).toContainText('You are offline');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);

  // Back online it loads again, by itself on the browser's 'online' event or with Retry, whichever comes first.
  await page.context().setOffline(false);
  const heading = page.getByRole('heading', { name: 'Social Hub' });
  await expect(async () => {
    if (await failed.isVisible()) await failed.getByRole('button', { name: 'Retry' }).click({ timeout: 1_000 });
    await expect(heading).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(failed).toHaveCount(0);
});

test('a dialog whose code cannot be fetched offline says so in place and keeps the typed message', async ({
  browser,
}) => {
  const ada = await personIn(browser, 'offline-dialog-ada', 'Adaline');
  const bob = await personIn(browser, 'offline-dialog-bob', 'Peregrine');
  await befriend(ada, bob);
  const { page } = ada;
  await page.goto('/social');
  await page.getByRole('button', { name: 'Message Peregrine Lovelace' }).click();
  const input = page.getByTestId('message-input');
  await input.fill('half-written thought');

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Generate AI Insight' }).click();
  await expect(page.getByTestId('part-load-failed')).toBeAttached();
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  await expect(input).toHaveValue('half-written thought');

  // Back online the part loads again, by itself on the browser's 'online' event or with Retry, whichever comes first.
  await page.context().setOffline(false);
  const failed = page.getByTestId('part-load-failed');
  await expect(async () => {
    if (await failed.isVisible()) await failed.getByRole('button', { name: 'Retry' }).click({ timeout: 1_000 });
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByTestId('part-load-failed')).toHaveCount(0);
});

test('a question to the agent asked offline says "You are offline" and stays in the box', async ({ page }) => {
  await registerViaApi(page, newUser('offline-agent'));
  await page.goto('/trading?symbol=AAPL');
  await page.getByRole('navigation', { name: 'Chart tools' }).getByRole('button', { name: 'AI agent' }).click();
  const input = page.getByTestId('agent-input');
  await expect(input).toBeVisible();

  await page.context().setOffline(true);
  await input.fill('What is AAPL trading at?');
  await input.press('Enter');
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(input).toHaveValue('What is AAPL trading at?');
});
