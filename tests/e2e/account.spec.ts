import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { newUser, registerViaApi, resetLinkPath, signInViaUi } from './support';

/** The account as a whole: download my data, delete my account, and a forgotten password. */

test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

async function openAccountTab(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
}

test('download my data saves one JSON file with the profile and portfolios', async ({ page }) => {
  const user = newUser('export');
  await registerViaApi(page, user);
  await page.request.post('/api/portfolios', { data: { name: 'In the export' } });
  await openAccountTab(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tickwise-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.profile.email).toBe(user.email.toLowerCase());
  expect(data.portfolios.map((p: { name: string }) => p.name)).toEqual(['In the export']);
  expect(data).toHaveProperty('conversations');
  expect(data).toHaveProperty('directMessages');
});

test('delete my account asks for the password, then signs out and the account is gone', async ({ page }) => {
  const user = newUser('delete-me');
  await registerViaApi(page, user);
  await openAccountTab(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /^Password/ }).fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const signIn = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(signIn.status()).toBe(401);
});

test('"Forgot password?" explains the operator reset, and the printed link sets a new password once', async ({
  page,
}) => {
  const user = newUser('forgot');
  await registerViaApi(page, user);
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const help = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(help).toContainText('no mail server');
  await expect(help).toContainText('npm run user -- reset-password you@example.com');
  await expect(help).toContainText('within 30 minutes');
  await help.getByRole('button').first().click();

  const link = resetLinkPath(user.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: /^New Password/ }).fill('short');
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByRole('textbox', { name: /^New Password/ }).fill('my fresh secret 77');
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('my fresh secret 77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Password reset')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signInViaUi(page, user.email, 'my fresh secret 77');

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('textbox', { name: /^New Password/ }).fill('another secret 88');
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('another secret 88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link is invalid, used or expired' }),
  ).toBeVisible();
});
