import { expect, test, type Page } from '@playwright/test';
import { startBalancedCluster, websocketsOpen, type BalancedCluster } from './balancedCluster';
import { feedStarted } from './notificationFeed';
import { newUser, uniqueTestAddress } from './support';

/**
 * Issue 30 §5, the market desk across two instances on one PostgreSQL (HAProxy in front, as deployed): one person in
 * two browser tabs, tab A served by instance 1 and tab B by instance 2 (each page talks to its instance directly,
 * websockets included; the session cookie is the browser's for 127.0.0.1, whatever the port). What is done in A
 * reaches B through the other instance: a symbol added to the open list shows in B's live table, an alert that
 * already holds fires once and is a toast and a count on both bells, with exactly one notification in the centre,
 * and marking it read in B clears A's bell over its live feed.
 */

test.describe.serial('the market desk on two instances', () => {
  let cluster: BalancedCluster;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    cluster = await startBalancedCluster(2);
  });

  test.afterAll(async () => {
    test.setTimeout(30_000);
    await cluster?.stop();
  });

  const bellCount = (page: Page) => page.getByTestId('notification-count');
  const row = (page: Page, symbol: string) =>
    page.getByTestId('watchlist-table').locator(`tbody tr[data-symbol="${symbol}"]`);

  test('a list, a symbol and an alert made in one tab reach the other tab through the other instance', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const [one, two] = cluster.instances;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const a = await context.newPage();
    const b = await context.newPage();
    const user = newUser('desk-cluster', 'Adaline');
    const registered = await a.request.post(`${one.url}/api/auth/register`, {
      data: { ...user, agreedToTerms: true, agreedToPrivacy: true },
      headers: { 'x-forwarded-for': uniqueTestAddress() },
    });
    expect(registered.status(), await registered.text()).toBe(200);

    // A makes a list on instance 1.
    const aFeed = feedStarted(a);
    await a.goto(`${one.url}/watchlists`);
    await aFeed;
    await a.getByRole('button', { name: 'New list' }).click();
    await a.getByRole('dialog', { name: 'New watchlist' }).getByLabel('Name').fill('Desk');
    await a.getByRole('button', { name: 'Create list' }).click();
    await expect(a.getByText('Created “Desk”')).toBeVisible();
    await expect(a.getByTestId('watchlist-switcher')).toHaveValue('Desk (0)');

    // B, on instance 2, opens it: empty so far.
    const bFeed = feedStarted(b);
    await b.goto(`${two.url}/watchlists`);
    await bFeed;
    await b.getByTestId('watchlist-switcher').click();
    await b.getByRole('option', { name: 'Desk (0)' }).click();
    await expect(b.getByTestId('watchlist-empty')).toBeVisible();
    // Each tab's websocket is held by its own instance.
    expect(await websocketsOpen(one)).toBeGreaterThanOrEqual(1);
    expect(await websocketsOpen(two)).toBeGreaterThanOrEqual(1);

    // A adds AAPL from the search: B's table shows it live (the list's change crosses to instance 2 on the bus), with
    // its price, and B's switcher counts it.
    const search = a.getByRole('combobox', { name: 'Add a symbol to Desk' });
    await search.fill('AAPL');
    await a
      .getByRole('option', { name: /^AAPL\b/ })
      .first()
      .click();
    await expect(a.getByText('Added AAPL to “Desk”')).toBeVisible();
    await expect(row(b, 'AAPL')).toBeVisible({ timeout: 15_000 });
    await expect(row(b, 'AAPL').locator('td[data-column="price"]')).toHaveText(/\d/);
    await expect(b.getByTestId('watchlist-empty')).toHaveCount(0);
    await expect(b.getByTestId('watchlist-switcher')).toHaveValue('Desk (1)');

    // A sets an alert from the row's bell, on a level that already holds: the price above half of it.
    await expect(row(a, 'AAPL').locator('td[data-column="price"]')).toHaveText(/\d/);
    await row(a, 'AAPL').getByRole('button', { name: 'Set an alert on AAPL' }).click();
    const dialog = a.getByRole('dialog', { name: 'New alert on AAPL' });
    const levelInput = dialog.getByRole('textbox', { name: /Price level/ });
    const price = Number((await levelInput.inputValue()).replace(/,/g, ''));
    expect(price).toBeGreaterThan(0);
    await dialog.getByRole('combobox', { name: 'Condition', exact: true }).click();
    await a.getByRole('option', { name: 'Price above', exact: true }).click();
    const level = Math.floor(price / 2);
    await levelInput.fill(String(level));
    const title = `AAPL is above $${level}.00`;
    const toastIn = (page: Page) => page.locator('[data-toast]').filter({ hasText: title });
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog).toBeHidden();

    // It fires at the next live poll, on whichever instance evaluates AAPL; the toast and the count arrive in both
    // tabs, B's over instance 2's feed. (The firing's toast may come before "Alert created" could be read: one toast
    // at a time, the newest shown. Both tabs are watched at once, as a toast lasts 5 s.)
    await Promise.all(
      [b, a].map(async (page) => {
        await expect(toastIn(page)).toBeVisible({ timeout: 45_000 });
        await expect(bellCount(page)).toHaveAttribute('data-count', '1');
      }),
    );

    // Exactly one notification in the centre, seen from either instance.
    // The toast sits over the bell: put it away, unless its 5 s are over already.
    for (const page of [b, a]) {
      await page
        .getByRole('button', { name: 'Dismiss notification' })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await expect(toastIn(page)).toBeHidden();
    }
    await b.getByTestId('notification-bell').click();
    const items = b.getByTestId('notification-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(title);
    await expect(items.first()).toHaveAttribute('data-unread', 'true');

    // Read in B (a click marks it read and opens its chart): A's bell drops to 0 over instance 1's live feed.
    await items.first().click();
    await expect(b).toHaveURL(/\/trading\?symbol=AAPL/);
    await expect(bellCount(b)).toHaveAttribute('data-count', '0');
    await expect(bellCount(a)).toHaveAttribute('data-count', '0', { timeout: 15_000 });
    await expect(a.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

    // Long after the firing, still one notification and one firing, whichever instance answers.
    for (const instance of [one, two]) {
      const centre = (await (await a.request.get(`${instance.url}/api/notifications`)).json()) as {
        notifications: { title: string; readAt: string | null }[];
        unreadCount: number;
      };
      expect(centre.unreadCount).toBe(0);
      expect(centre.notifications.map((n) => n.title)).toEqual([title]);
    }
    const { alerts } = (await (await b.request.get(`${two.url}/api/alerts`)).json()) as { alerts: { id: string }[] };
    expect(alerts).toHaveLength(1);
    const history = (await (await b.request.get(`${one.url}/api/alerts/${alerts[0].id}/history`)).json()) as {
      firings: unknown[];
    };
    expect(history.firings).toHaveLength(1);
    await context.close();
  });
});
