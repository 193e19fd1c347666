import { expect, test } from '@playwright/test';

test('the app loads with the dark theme by default', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tickwise' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
