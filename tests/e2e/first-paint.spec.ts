import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * Public pages do not wait for the sign-in check; the 404 page is never stuck on a spinner; the legal pages open in
 * every state; every route names itself in the title.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** Holds every sign-in check (auth.user) until the returned function is called. */
async function holdSignInCheck(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.user'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

test('the landing page and the trading page render while the sign-in check is still out', async ({ page }) => {
  const release = await holdSignInCheck(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Live Charts' })).toBeVisible();
  await page.goto('/trading?symbol=AAPL');
  await expect(page.getByTestId('chart-symbol')).toHaveText('AAPL');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  // Signed-in pages do wait.
  await page.goto('/settings');
  await expect(page.getByText('Loading settings...')).toBeVisible();
  release();
});

test('signed in, the header fills in when the check answers; an unknown path shows the 404 page at once', async ({
  page,
}) => {
  await registerViaApi(page, newUser('first-paint'));
  await page.goto('/trading');
  await expect(page.getByTestId('header-first-name')).toHaveText('Ada');

  const release = await holdSignInCheck(page);
  await page.goto('/no/such/page');
  // This browser was signed in last time: the 404 page shows before the check answers, not a spinner.
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  release();
  // The answer adds what only signed-in users get.
  await expect(page.getByRole('link', { name: 'Sign Out' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Tickwise');
});

test('signed in, the footer links the legal pages and both open (docs/decisions/008)', async ({ page }) => {
  await registerViaApi(page, newUser('legal'));
  await page.goto('/updates');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
});

const SIGNED_OUT_TITLES: Array<[string, string]> = [
  ['/', 'AI stock analysis and live charts · Tickwise'],
  ['/landing', 'AI stock analysis and live charts · Tickwise'],
  ['/auth', 'Sign In · Tickwise'],
  ['/auth/reset?token=abc', 'Reset Password · Tickwise'],
  ['/auth?mode=signup', 'Create Account · Tickwise'],
  ['/updates', 'Platform Updates · Tickwise'],
  ['/contact', 'Contact Us · Tickwise'],
  ['/stock-search', 'Stock Search · Tickwise'],
  ['/stock-search?symbol=MSFT', 'MSFT · Stock Search · Tickwise'],
  ['/status', 'System Status · Tickwise'],
  ['/terms-of-service', 'Terms of Service · Tickwise'],
  ['/privacy-policy', 'Privacy Policy · Tickwise'],
  ['/portfolio/shared/abc', 'Portfolio Not Found · Tickwise'],
  ['/banned', 'Account Banned · Tickwise'],
  ['/settings', 'Sign In · Tickwise'],
];

const SIGNED_IN_TITLES: Array<[string, string]> = [
  ['/', 'Home · Tickwise'],
  ['/dashboard', 'Home · Tickwise'],
  ['/settings', 'Settings · Tickwise'],
  ['/account', 'Settings · Tickwise'],
  ['/upgrade', 'Daily Usage Limits · Tickwise'],
  ['/portfolio', 'Portfolio · Tickwise'],
  ['/social', 'Social Hub · Tickwise'],
  ['/alerts', 'Alerts · Tickwise'],
  ['/payment/cancel', 'Payment Cancelled · Tickwise'],
  ['/checkout', 'Checkout · Tickwise'],
  ['/invoices', 'Invoices · Tickwise'],
  ['/payment/success', 'Payment · Tickwise'],
  ['/no-such-page', 'Page Not Found · Tickwise'],
];

test('every route names itself in the title, signed out and signed in', async ({ page }) => {
  // Some forty page loads in one test: 29 s here, at the edge of the 30 s default.
  test.slow();
  for (const [path, title] of SIGNED_OUT_TITLES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await registerViaApi(page, newUser('titles'));
  for (const [path, title] of SIGNED_IN_TITLES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await page.goto('/chat?symbol=MSFT');
  await expect(page).toHaveTitle(/^MSFT [\d,]+\.\d{2} [▲▼]?\d+\.\d{2}% · Tickwise$/);
});
