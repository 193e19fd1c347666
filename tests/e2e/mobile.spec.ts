import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './support';

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile banner shows once and stays dismissed', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('mobile-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByText('Mobile is in the works - experimental')).toBeVisible();
    await expect(banner.getByText('Some features may not work perfectly on mobile devices.')).toBeVisible();

    await banner.getByRole('button', { name: 'Learn More' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mobile support' });
    await expect(dialog.getByText(/desktop browser/)).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Continue Anyway' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
    await expect(page.getByTestId('mobile-banner')).toHaveCount(0);
  });

  test('the signed-out headers keep Contact Us as an icon link', async ({ page }) => {
    for (const path of ['/', '/updates']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Contact Us' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    }
  });

  test('signed in, the landing page fits the screen with its welcome line and both buttons', async ({ page }) => {
    const user = newUser('mobilelanding', 'Maximiliana');
    await registerViaApi(page, user);
    await page.goto('/landing');
    await expect(page.getByText(`Welcome, ${user.firstName}`).locator('visible=true')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Go to Chat' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signOut.click();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
  });

  test('the close button dismisses the banner too', async ({ page }) => {
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Close mobile notice' }).click();
    await expect(page.getByTestId('mobile-banner')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('mobileWarningSeen'))).toBe('true');
  });
});

test('a desktop screen shows no mobile banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
  await expect(page.getByTestId('mobile-banner')).toHaveCount(0);
});
