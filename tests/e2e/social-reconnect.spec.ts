import { expect, test } from '@playwright/test';
import { friendsOnOwnServer } from './ownServer';

/**
 * The social hub's socket survives a server restart (issue 11): a server of this test's own (its own port and
 * database, so the shared e2e server is never stopped) is stopped and started again on the same port; the page
 * reconnects, however long the server was away, and the message sent while it was away arrives once.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('after the server restarts, the page reconnects and gets the message sent while it was away, once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, say, stopServer, startServer, close } = await friendsOnOwnServer(browser, 'restart');
  try {
    await page.goto('/social');
    const status = page.getByTestId('realtime-status');
    await expect(status).toContainText('Real-time messaging active');
    await page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();
    await say('before the restart');
    await expect(page.getByTestId('message').filter({ hasText: 'before the restart' })).toBeVisible();

    await stopServer();
    await expect(status).toContainText('Reconnecting');
    await startServer();
    // Sent as soon as the server is back, most likely before the page's next attempt: it arrives by catch-up.
    await say('while you were away');
    await expect(status).toContainText('Real-time messaging active', { timeout: 20_000 });
    await expect(page.getByTestId('message').filter({ hasText: 'while you were away' })).toHaveCount(1);
    await say('after the reconnect');
    await expect(page.getByTestId('message').filter({ hasText: 'after the reconnect' })).toHaveCount(1);
    await expect(page.getByTestId('message')).toHaveCount(3);
  } finally {
    await close();
  }
});

test('a feed lost for minutes keeps trying, and reconnects at once when the browser is back online', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The waits between attempts run on the page's clock, so minutes pass in a few seconds.
  const { page, say, stopServer, startServer, close } = await friendsOnOwnServer(browser, 'away', (p) =>
    p.clock.install(),
  );
  try {
    await page.goto('/social');
    const status = page.getByTestId('realtime-status');
    await expect(status).toContainText('Real-time messaging active');
    await page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();

    await stopServer();
    await expect(status).toContainText('Reconnecting');
    // Past the five attempts (about 30 s) it used to give up after: still trying, 30 s apart at most.
    const attempt = async () => Number((await status.textContent())?.match(/\(attempt (\d+)\)/)?.[1] ?? 0);
    await expect(async () => {
      await page.clock.fastForward(30_000);
      expect(await attempt()).toBeGreaterThanOrEqual(8);
    }).toPass({ timeout: 60_000 });

    await startServer();
    await say('while you were away');
    // The next attempt is 30 s off; the browser saying it is online again starts one now.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(status).toContainText('Real-time messaging active');
    await expect(page.getByTestId('message').filter({ hasText: 'while you were away' })).toHaveCount(1);
  } finally {
    await close();
  }
});
