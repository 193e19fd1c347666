import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

test('the updates page lists the built-in entries and filters them by category', async ({ page }) => {
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Platform Updates' })).toBeVisible();
  await expect(page.getByText('Latest features and improvements')).toBeVisible();
  const entries = page.getByTestId('update-entry');
  await expect(entries).toHaveCount(14);
  // As displayed (innerText): the badge must not upper-case the version into 'V2.6.0'.
  await expect(entries.first()).toContainText('v2.6.0', { useInnerText: true });
  await expect(entries.first()).toContainText('Nov 22, 2026');
  await expect(entries.last()).toContainText('v1.7.8', { useInnerText: true });

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(entries).toHaveCount(2);
  await page.getByRole('tab', { name: 'Fixes' }).click();
  await expect(entries).toHaveCount(2);
  await page.getByRole('tab', { name: 'All Updates' }).click();
  await expect(entries).toHaveCount(14);
});

test('the theme toggle switches to light and the choice survives a reload', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the saved theme applies before the app code runs, so a light page never flashes dark', async ({ page }) => {
  await page.goto('/contact');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // Without the app's bundle only the small pre-load script (hashed like every asset) can set the colour scheme.
  await page.route('**/assets/*.js', (route) =>
    route.request().url().includes('/assets/color-scheme-') ? route.continue() : route.abort(),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the usage limits screen shows today against the daily limits', async ({ page }) => {
  await registerViaApi(page, newUser('usage'));
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { name: 'Daily Usage Limits' })).toBeVisible();
  await expect(page.getByTestId('usage-AI Chat Messages')).toContainText('0 / 10');
  await expect(page.getByTestId('usage-Graph Generation')).toContainText('0 / 5');
  await expect(page.getByTestId('usage-Portfolio Analysis')).toContainText('0 / 2');
  await expect(page.getByText('Limits reset daily at midnight UTC.')).toBeVisible();
});

test('a retired payment page explains itself and returns home after two seconds', async ({ page }) => {
  const user = newUser('retired');
  await registerViaApi(page, user);
  await page.goto('/checkout');
  await expect(page.getByText('Redirecting')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No paid plans' })).toBeVisible();
  await expect(page.getByText('10 AI chat messages per day')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});

test('toasts come one at a time, F8 reaches them and a swipe to the right dismisses them', async ({ page }) => {
  await registerViaApi(page, newUser('toasts'));
  await page.goto('/payment/cancel');
  const toasts = page.locator('[data-toast="true"]');
  await expect(toasts).toHaveText(/Payment Cancelled\s*No charges were made/);

  // A second toast replaces the first instead of queueing behind it.
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(toasts.filter({ hasText: 'Redirecting' })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText('Redirecting');

  await page.keyboard.press('F8');
  await expect(toasts.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();

  // 30 px to the right snaps back; 70 px (past the 50 px threshold) dismisses.
  const box = (await toasts.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 70, y, { steps: 5 });
  await page.mouse.up();
  await expect(toasts).toHaveCount(1);
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 110, y, { steps: 5 });
  await page.mouse.up();
  await expect(toasts).toHaveCount(0);
});
