import { expect, test } from '@playwright/test';
import { banUser, greetingPattern, newUser, registerViaApi } from './support';

test('signed out, an unknown path shows the home screen in the default dark theme', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByText(`© ${new Date().getFullYear()} Tickwise. All rights reserved.`)).toBeVisible();
});

test('signed in, an unknown path shows the 404 page', async ({ page }) => {
  const user = newUser('notfound');
  await registerViaApi(page, user);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingPattern(user.firstName));
});

test('Go Back on a 404 opened in a fresh tab goes home, where there is nothing to go back to', async ({ page }) => {
  const user = newUser('notfoundback');
  await registerViaApi(page, user);
  await page.goto('/no-such-page');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingPattern(user.firstName));
});

test('a signed-out visit to a signed-in page goes through /api/login to /auth', async ({ page }) => {
  // The toast is up for only half a second before the page leaves: the page reports it the moment it renders,
  // so a test that looks at the wrong instant cannot miss it.
  let toastShown = false;
  await page.exposeFunction('reportUnauthorizedToast', () => {
    toastShown = true;
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const toast = document.querySelector('[data-toast]');
      if (toast?.textContent?.includes('You are logged out. Logging in again...')) {
        (window as unknown as { reportUnauthorizedToast: () => void }).reportUnauthorizedToast();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/upgrade');
  await expect(page).toHaveURL(/\/auth$/);
  expect(toastShown).toBe(true);
});

test('a banned user sees only the banned screen, and can sign out', async ({ page }) => {
  const user = newUser('banned');
  await registerViaApi(page, user);
  banUser(user.email);

  for (const path of ['/', '/settings', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/banned$/);
    await expect(page.getByRole('heading', { name: 'Account Banned' })).toBeVisible();
  }
  await expect(
    page.getByText(
      'Your account has been suspended. If you believe this is an error, please contact our support team.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Error Code: 403 - Account Access Denied')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('signed in, /auth sends the user home', async ({ page }) => {
  const user = newUser('authredirect');
  await registerViaApi(page, user);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingPattern(user.firstName));
});
