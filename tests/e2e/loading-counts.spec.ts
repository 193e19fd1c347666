import { expect, test, type Route } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/** A count is shown once it is known: while the lists load, the social hub's tabs carry no number. */
test('the social hub tabs show no count until the friend and request lists arrive', async ({ page }) => {
  await registerViaApi(page, newUser('loading-counts'));
  const held: Route[] = [];
  let released = false;
  await page.route(/\/trpc\/[^?]*social\.pendingRequests/, (route) => (released ? route.continue() : held.push(route)));
  await page.goto('/social');

  const requestsTab = page.getByRole('tab', { name: /^Requests/ });
  await expect(requestsTab).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(requestsTab).toHaveText('Requests');
  await expect(page.getByRole('tab', { name: /^Friends/ })).not.toContainText('(');

  released = true;
  for (const route of held) await route.continue();
  await expect(requestsTab).toHaveText('Requests (0)');
});
