import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORGOT_PASSWORD_SENT } from '../../src/shared/schemas/account';
import { LocalSmtpServer } from '../helpers/smtpServer';
import { toast } from './brokerImport';
import { freePort, register, startServer, type Running } from './ownServer';
import { newUser, signInViaUi } from './support';

/**
 * Issue 30 §3 in the browser: with SMTP_URL set, "Forgot password?" on the sign-in page asks for the email, answers
 * with the same words whatever the address, and mails the account a link; the link opens the reset page, which sets
 * a new password; the old one stops working. The server is the test's own (SMTP_URL pointing at a local SMTP server,
 * tests/helpers/smtpServer.ts); stopping it at the end drains its mail queue, so the mails received then are all
 * there will ever be: one to the account, none to the address without one.
 */

let smtp: LocalSmtpServer;
let server: Running;
let baseURL: string;
let dir: string;

test.beforeEach(async () => {
  smtp = await LocalSmtpServer.start();
  dir = mkdtempSync(join(tmpdir(), 'tickwise-forgot-mail-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startServer(port, join(dir, 'forgot.db'), { SMTP_URL: smtp.url, PUBLIC_URL: baseURL });
});

test.afterEach(async () => {
  await server?.stop();
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens "Forgot password?" on the sign-in page; the dialog, once it shows the mail form. */
async function openForgot(page: Page) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeVisible();
  return dialog;
}

async function askForLink(page: Page, email: string) {
  const dialog = await openForgot(page);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  // This spec's server runs from source (tsx) beside the suite's: on a busy machine an answer can take a while.
  await expect(dialog.getByRole('status')).toHaveText(FORGOT_PASSWORD_SENT, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(dialog).toBeHidden();
}

test('"Forgot password?" mails a link that sets a new password; an unknown address gets the same answer and no mail, up to the limit', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { user } = await register(page.request, 'forgot-mail', 'Grace');
  const nobody = newUser('forgot-nobody').email;

  // Signed in by the registration: sign out through the header.
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();

  // The form checks the address before anything is sent.
  const dialog = await openForgot(page);
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The account's address (as typed by someone in a hurry), then one without an account: the same confirmation.
  await askForLink(page, ` ${user.email.toUpperCase()} `);
  await askForLink(page, nobody);

  // Three links an hour per address: the fourth ask is refused in a red toast, and the form keeps the address.
  await askForLink(page, nobody);
  await askForLink(page, nobody);
  const again = await openForgot(page);
  await again.getByRole('textbox', { name: 'Email' }).fill(nobody);
  await again.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'Could not send the reset link')).toContainText(
    'Too many reset links were asked for this email. Please wait an hour and try again.',
  );
  await expect(again.getByRole('textbox', { name: 'Email' })).toHaveValue(nobody);
  await expect(again.getByRole('status')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await expect.poll(() => smtp.mailsTo(user.email).length, { timeout: 20_000 }).toBe(1);
  const mail = smtp.mailsTo(user.email)[0].parsed;
  expect(mail.subject).toBe('Reset your Tickwise password');
  const link = new RegExp(`${baseURL.replace(/\./g, '\\.')}/auth/reset\\?token=[A-Za-z0-9_-]+`).exec(
    String(mail.text),
  )?.[0];
  expect(link, String(mail.text)).toBeDefined();
  // The HTML part carries the same link as its button.
  expect(String(mail.html)).toContain(link!.replace(/&/g, '&amp;'));

  // The link, opened in the page: the reset form, its checks, then the new password.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: /^New Password/ }).fill('a fresh secret 77');
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('a fresh secret 78');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('a fresh secret 77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Password reset')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The old password no longer signs in; the new one does.
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  const refused = page.waitForResponse((r) => r.url().includes('auth.login'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect((await refused).status()).toBe(401);
  await expect(toast(page, 'Login failed')).toBeVisible();
  await signInViaUi(page, user.email, 'a fresh secret 77');

  // The link worked once: opened again, the page says so.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await page.goto(link!);
  await page.getByRole('textbox', { name: /^New Password/ }).fill('another secret 88');
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('another secret 88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link is invalid, used or expired' }),
  ).toBeVisible();
  // ...and offers to ask for a new one, by mail, from where the person is.
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Reset your password' }).getByRole('textbox', { name: 'Email' }),
  ).toBeVisible();
  await context.close();

  // Stopped, the server has sent or given up on every mail it accepted: these are all the mails there are.
  await server.stop();
  expect(smtp.mailsTo(user.email)).toHaveLength(1);
  expect(smtp.mailsTo(nobody)).toEqual([]);
  expect(smtp.mails).toHaveLength(1);
  expect(smtp.refusals).toEqual([]);
});
