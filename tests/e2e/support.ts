import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/** Shared steps of the account stories. Every test makes its own user, so tests never share state. */

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * How long a cold arrival at /chat may take to show the Financial Agent: a fresh browser loads the trading page's
 * chunks, the sign-in check and the agent's own chunks. A median of 2.1 s here on a quiet machine and 3.3 s beside two
 * busy processes (4.4 s at the slowest); in a full run, beside the other worker's test, it once took longer than the
 * 7 s that suits a reply on a page already loaded (one run in three on 29 Nov 2026).
 */
export const AGENT_ARRIVAL_TIMEOUT_MS = 15_000;

let sequence = 0;

export function newUser(tag: string, firstName = 'Ada'): TestUser {
  sequence += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${sequence}`;
  return { firstName, lastName: 'Lovelace', email: `${tag}-${unique}@example.com`, password: 'first-secret-1' };
}

let addressSequence = 0;

/**
 * An address of the test's own for X-Forwarded-For (the e2e server trusts it): sign-ins and registrations are
 * limited per address (30 in 15 minutes, successes included), and the whole suite comes from 127.0.0.1.
 */
export function uniqueTestAddress(): string {
  addressSequence += 1;
  const n = (process.pid * 64 + addressSequence) % 65_536;
  return `198.18.${n >> 8}.${n & 255}`;
}

/**
 * Registers through the REST API with the page's own cookie jar, so the page is signed in afterwards.
 * Used where sign-up itself is not the story under test. Each registration comes from an address of its own.
 */
export async function registerViaApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/auth/register', {
    data: { ...user, agreedToTerms: true, agreedToPrivacy: true },
    headers: { 'x-forwarded-for': uniqueTestAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the /auth form and waits for the dashboard. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** The dashboard greeting for the browser's current hour (product.md §2). */
export function greetingPattern(firstName: string): RegExp {
  return new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);
}

/** `npm run user -- ACTION EMAIL` against the e2e server's database; what it printed. */
function operatorCommand(action: 'ban' | 'reset-password', email: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', action, email], {
    env: { ...process.env, DATABASE_PATH: process.env.E2E_DB, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

/** The operator command of issue 2, run against the e2e server's database. */
export function banUser(email: string): void {
  operatorCommand('ban', email);
}

/** The path and query of the one-time reset link the operator command prints for the account. */
export function resetLinkPath(email: string): string {
  const printed = operatorCommand('reset-password', email);
  const path = /\/auth\/reset\?token=[A-Za-z0-9_-]+/.exec(printed)?.[0];
  if (!path) throw new Error(`no reset link printed: ${printed}`);
  return path;
}
