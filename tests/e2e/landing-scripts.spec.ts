import { expect, test } from '@playwright/test';

/**
 * The landing page asks the server only who is signed in, with a plain fetch: its scripts leave out the tRPC client
 * (links, websocket client, superjson), which the screens that fetch data load with their own code.
 */
test('a signed-out visit to the landing page downloads no tRPC client', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js') && response.ok()) scripts.push(response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // TRPCClientError names itself in a string, which minifying keeps.
  expect(bodies.filter((body) => body.includes('TRPCClientError'))).toEqual([]);
});
