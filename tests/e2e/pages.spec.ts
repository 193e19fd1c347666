import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

test('the updates page lists the built-in entries and filters them by category', async ({ page }) => {
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Platform Updates' })).toBeVisible();
  await expect(page.getByText('Latest features and improvements')).toBeVisible();
  const entries = page.getByTestId('update-entry');
  await expect(entries).toHaveCount(8);
  await expect(entries.first()).toContainText('v2.0.0');
  await expect(entries.first()).toContainText('Jun 18, 2025');
  await expect(entries.last()).toContainText('v1.7.8');

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(entries).toHaveCount(2);
  await page.getByRole('tab', { name: 'Fixes' }).click();
  await expect(entries).toHaveCount(2);
  await page.getByRole('tab', { name: 'All Updates' }).click();
  await expect(entries).toHaveCount(8);
});

test('the theme toggle switches to light and the choice survives a reload', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
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
