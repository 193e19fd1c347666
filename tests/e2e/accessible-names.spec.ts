import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * Voice users say what they see (WCAG 2.5.3, label in name): a control's accessible name starts with its visible
 * words. The header's logo shows "Tickwise BETA", so "Tickwise BETA" must reach it.
 */

test('signed in, the header logo is named by the words it shows', async ({ page }) => {
  await registerViaApi(page, newUser('logo-name'));
  await page.goto('/updates');
  const logo = page.getByRole('banner').getByRole('link', { name: /^Tickwise BETA\b/ });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('href', '/');
});

test('signed out, the landing header logo is named by the words it shows', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('mobileWarningSeen', 'true'));
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Tickwise BETA\b/ })).toBeVisible();
});
