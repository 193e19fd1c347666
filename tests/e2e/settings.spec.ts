import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { newUser, registerViaApi, signInViaUi } from './support';

test('a signed-out visit to /settings is told so and sent to /auth', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('a user changes their profile and the header follows', async ({ page }) => {
  const user = newUser('profile');
  await registerViaApi(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);

  const firstName = page.getByRole('textbox', { name: 'First Name' });
  const imageUrl = page.getByRole('textbox', { name: 'Profile Image URL' });
  const update = page.getByRole('button', { name: 'Update Profile' });

  // The shared schema's messages show before anything is sent.
  await firstName.fill('');
  await imageUrl.fill('not a url');
  await update.click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Invalid URL')).toBeVisible();

  await firstName.fill('Grace');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await imageUrl.fill('');
  await update.click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByTestId('header-first-name')).toHaveText('Grace');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
  await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');

  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByTestId('member-since')).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
});

test('a user changes their password and signs in with the new one', async ({ page }) => {
  const user = newUser('password');
  const newPassword = 'second-secret-2';
  await registerViaApi(page, user);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();

  const current = page.getByRole('textbox', { name: 'Current Password' });
  const next = page.getByRole('textbox', { name: 'New Password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm New Password' });
  const change = page.getByRole('button', { name: 'Change Password' });

  await current.fill(user.password);
  await next.fill('short');
  await confirm.fill('different');
  await change.click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await change.click();
  await expect(page.getByText('Password Changed')).toBeVisible();
  // The form clears after success.
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');

  // Danger Zone sign-out, then back in with the new password.
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await signInViaUi(page, user.email, newPassword);
});

test('a profile picture on Tickwise itself is refused in the form and never loaded', async ({ page, baseURL }) => {
  const user = newUser('avatar');
  await registerViaApi(page, user);
  const logoutRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/logout')) logoutRequests.push(r.url());
  });

  await page.goto('/settings');
  const imageUrl = page.getByRole('textbox', { name: 'Profile Image URL' });
  await imageUrl.fill(`${baseURL}/api/logout`);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile image URL must point to another website, not to Tickwise itself')).toBeVisible();

  // One saved before the rule existed: the page shows the initials instead of requesting it.
  const db = new Database(process.env.E2E_DB);
  try {
    db.prepare('update users set profile_image_url = ? where email = ?').run(`${baseURL}/api/logout`, user.email);
  } finally {
    db.close();
  }
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Profile Image URL' })).toHaveValue(`${baseURL}/api/logout`);
  await expect(page.locator('img[alt="Profile picture"]')).toHaveCount(0);
  await expect(page.getByText('AL', { exact: true })).toBeVisible();
  expect(logoutRequests).toEqual([]);
  // Still signed in.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

test('a user chooses a username: its rules before sending, a taken one refused next to the field, a free one kept', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerViaApi(otherPage, newUser('username-other'));
  const taken = `taken-${Date.now().toString(36)}`;
  expect(
    (
      await otherPage.request.put('/api/auth/profile', {
        data: { firstName: 'Ada', lastName: 'Lovelace', username: taken },
      })
    ).status(),
  ).toBe(200);
  await other.close();

  await registerViaApi(page, newUser('username'));
  await page.goto('/settings');
  const username = page.getByRole('textbox', { name: 'Username' });
  // A new account's username is random, nothing of the email.
  await expect(username).toHaveValue(/^[a-z]+-\d{4}[a-z]$/);
  const update = page.getByRole('button', { name: 'Update Profile' });

  await username.fill('ab');
  await update.click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await username.fill('me@mail.com');
  await update.click();
  await expect(page.getByText('Username may use only letters, digits and . _ -', { exact: false })).toBeVisible();

  await username.fill(taken.toUpperCase());
  await update.click();
  await expect(page.getByText('That username is taken. Try another one.').first()).toBeVisible();

  const mine = `grace-${Date.now().toString(36)}`;
  await username.fill(mine);
  await update.click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(mine);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: '/tmp/social-shots/settings-username-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/social-shots/settings-username-1440.png', fullPage: true });
});
