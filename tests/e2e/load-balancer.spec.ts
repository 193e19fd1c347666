import { expect, test, type Browser, type Page } from '@playwright/test';
import { requestsServed, startBalancedCluster, websocketsOpen, type BalancedCluster } from './balancedCluster';
import { befriend } from './socialPeople';
import { newUser, registerViaApi, signInViaUi } from './support';

/**
 * Issue 20: two Tickwise instances on one PostgreSQL behind HAProxy with deploy/haproxy.cfg, driven through the
 * balancer only. Sign-up, sign-in and live direct messages work whichever instance answers each request or holds
 * each websocket (no sticky sessions), and both instances really serve.
 */

test.describe.serial('behind the load balancer', () => {
  let cluster: BalancedCluster;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    cluster = await startBalancedCluster(2);
  });

  // HAProxy's log says who answered what and when a server was taken out (a 502's cause); printed only on failure.
  test.afterEach(() => {
    const info = test.info();
    if (info.status !== info.expectedStatus && cluster) console.log(cluster.recentLogs());
  });

  test.afterAll(async () => {
    test.setTimeout(30_000);
    await cluster?.stop();
  });

  async function openSocial(page: Page) {
    await page.goto('/social');
    await expect(page).toHaveTitle(/^(\(\d+\) )?Social Hub · Tickwise$/);
    await expect(page.getByTestId('realtime-status')).toContainText('Real-time messaging active');
  }

  async function contextPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: cluster.url, viewport: { width: 1440, height: 900 } });
    return context.newPage();
  }

  test('sign up, sign in and live direct messages through HAProxy, served by both instances', async ({ browser }) => {
    test.setTimeout(60_000);
    const before = await Promise.all(cluster.instances.map(requestsServed));

    // Adaline signs up through the form, signs out and back in.
    const ada = { page: await contextPage(browser), user: newUser('lb-ada', 'Adaline') };
    await ada.page.goto('/auth');
    await ada.page.getByRole('button', { name: 'Sign up' }).click();
    await ada.page.getByRole('textbox', { name: 'First Name' }).fill(ada.user.firstName);
    await ada.page.getByRole('textbox', { name: 'Last Name' }).fill(ada.user.lastName);
    await ada.page.getByRole('textbox', { name: 'Email' }).fill(ada.user.email);
    await ada.page.getByRole('textbox', { name: 'Password' }).fill(ada.user.password);
    await ada.page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await ada.page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await ada.page.getByRole('button', { name: 'Create Account' }).click();
    await expect(ada.page.getByText('Account created!')).toBeVisible();
    await expect(ada.page).toHaveURL(/\/$/);
    await ada.page.getByRole('button', { name: 'Logout' }).click();
    await expect(ada.page.getByText('You have been successfully logged out.')).toBeVisible();
    await signInViaUi(ada.page, ada.user.email, ada.user.password);

    // Bartholomew, in a browser context of his own, becomes her friend.
    const bob = { page: await contextPage(browser), user: newUser('lb-bob', 'Bartholomew') };
    await registerViaApi(bob.page, bob.user);
    await befriend(ada, bob);

    // Both in the social hub; each page's websockets go wherever the balancer sends them.
    await openSocial(ada.page);
    await openSocial(bob.page);
    await ada.page.getByRole('button', { name: 'Message Bartholomew Lovelace' }).click();
    await bob.page.getByRole('tab', { name: /Messages/ }).click();
    await bob.page.getByTestId('conversation-friend').filter({ hasText: 'Adaline' }).click();

    const adaInput = ada.page.getByRole('textbox', { name: 'Message Bartholomew' });
    await adaInput.fill('Hello Bob, through the balancer');
    await adaInput.press('Enter');
    await expect(bob.page.getByTestId('message').filter({ hasText: 'Hello Bob, through the balancer' })).toBeVisible();

    const bobInput = bob.page.getByRole('textbox', { name: 'Message Adaline' });
    await bobInput.fill('Hello Ada, from wherever I landed');
    await bobInput.press('Enter');
    await expect(
      ada.page.getByTestId('message').filter({ hasText: 'Hello Ada, from wherever I landed' }),
    ).toBeVisible();

    // Both instances answered browser requests (the balancer's own health checks are not counted)...
    const after = await Promise.all(cluster.instances.map(requestsServed));
    const served = after.map((n, i) => n - before[i]);
    const sockets = await Promise.all(cluster.instances.map(websocketsOpen));
    test.info().annotations.push({
      type: 'per instance',
      description: `requests ${served.join(' / ')}, websockets open ${sockets.join(' / ')}`,
    });
    for (const n of served) expect(n).toBeGreaterThan(0);

    // ...and the status page, wherever it is answered from, counts both.
    const status = await ada.page.context().newPage();
    await status.goto('/status');
    await expect(async () => {
      await status.reload();
      await expect(status.getByTestId('instances')).toHaveText(
        'Served by 2 server instances (seen in the last minute).',
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 15_000 });

    // A rolling restart's first step: one instance stops cleanly. Websockets it held reconnect through the balancer
    // to the other one, and live messages keep arriving both ways.
    const [stopping, remaining] = cluster.instances;
    expect(await stopping.stop()).toBe(0);
    await bobInput.fill('Still here after a restart');
    await bobInput.press('Enter');
    await expect(ada.page.getByTestId('message').filter({ hasText: 'Still here after a restart' })).toBeVisible({
      timeout: 15_000,
    });
    await adaInput.fill('Same here');
    await adaInput.press('Enter');
    await expect(bob.page.getByTestId('message').filter({ hasText: 'Same here' })).toBeVisible();
    for (const person of [ada, bob]) {
      await expect(person.page.getByTestId('realtime-status')).toContainText('Real-time messaging active');
      await expect(person.page.getByTestId('message')).toHaveCount(4);
    }
    expect(await websocketsOpen(remaining)).toBeGreaterThanOrEqual(2);

    await ada.page.context().close();
    await bob.page.context().close();
  });
});
