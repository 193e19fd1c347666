import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/**
 * axe on every route, signed out and signed in, in both themes: no serious or critical violation (WCAG AA contrast,
 * names of buttons and fields, landmarks, ARIA). Signed in, the user has a public portfolio with holdings, so the
 * portfolio screen and a real shared page are read filled in; /chat opens the Financial Agent. The social and status
 * screens' busier states have axe checks of their own (social.spec.ts, status.spec.ts).
 */

const SIGNED_OUT_PATHS = [
  '/',
  '/trading?symbol=AAPL&range=1M',
  '/trading?symbol=QQZZX',
  '/landing',
  '/updates',
  '/auth',
  '/auth?mode=signup',
  '/auth/reset?token=abc',
  '/contact',
  '/stock-search?symbol=AAPL',
  '/stock-search?symbol=QQZZX',
  '/status',
  '/terms-of-service',
  '/privacy-policy',
  '/portfolio/shared/abc123',
  '/banned',
  '/no-such-page',
];

const SIGNED_IN_PATHS = [
  '/',
  '/dashboard',
  '/trading?symbol=MSFT&range=6M',
  '/chat',
  '/landing',
  '/updates',
  '/settings',
  '/social',
  '/alerts',
  '/invoices',
  '/upgrade',
  '/contact',
  '/stock-search?symbol=NVDA',
  '/status',
  '/checkout',
  '/payment/success',
  '/payment/cancel',
  '/portfolio',
  '/portfolio/shared/abc123',
  '/watchlists',
  '/calendar',
  '/terms-of-service',
  '/privacy-policy',
  '/banned',
  '/no-such-page',
];

/** Stands for the shared page of the signed-in user's own public portfolio, whose link is made in the test. */
const OWN_SHARED_PAGE = 'their own shared portfolio';

/** A public portfolio with two holdings for the signed-in user; answers its shared page's path. */
async function publicPortfolioOf(page: Page): Promise<string> {
  const created = await page.request.post('/api/portfolios', {
    data: { name: 'Axe check', description: 'Read by axe' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [symbol, quantity, averagePrice] of [
    ['AAPL', 10, 150],
    ['MSFT', 2, 900],
  ] as const) {
    expect(
      (
        await page.request.post(`/api/portfolios/${id}/holdings`, { data: { symbol, quantity, averagePrice } })
      ).status(),
    ).toBe(201);
  }
  const shared = await page.request.patch(`/api/portfolios/${id}/visibility`, { data: { isPublic: true } });
  expect(shared.status()).toBe(200);
  const { shareableLink } = (await shared.json()) as { shareableLink: string };
  return `/portfolio/shared/${shareableLink}`;
}

interface Finding {
  path: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Retired pages go home after 2 s (product.md §2): their clock is held so axe reads the page itself. */
const RETIRED = new Set(['/checkout', '/payment/success', '/invoices']);

async function seriousViolations(tab: Page, path: string): Promise<Finding[]> {
  const page = RETIRED.has(path) ? await tab.context().newPage() : tab;
  if (page !== tab) await page.clock.install();
  try {
    return await analyze(page, path);
  } finally {
    if (page !== tab) await page.close();
  }
}

async function analyze(page: Page, path: string): Promise<Finding[]> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The route-change overlay and Mantine's enter transitions must be over: axe reads colours as they are painted.
  await expect(page.getByTestId('route-overlay')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      path,
      rule: v.id,
      impact: v.impact!,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    }));
}

for (const scheme of ['dark', 'light'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((theme) => {
        window.localStorage.setItem('theme', theme);
        window.localStorage.setItem('mobileWarningSeen', 'true');
      }, scheme);
    });

    // One test per route: each has its own clock, and the routes spread over the workers. (Read as one test of 26
    // routes, a slow CI machine once ran out of the whole test's time on the last few.)
    for (const path of SIGNED_OUT_PATHS) {
      test(`signed out: ${path} passes axe`, async ({ page }) => {
        test.setTimeout(60_000);
        expect(await seriousViolations(page, path)).toEqual([]);
      });
    }

    for (const path of [...SIGNED_IN_PATHS, OWN_SHARED_PAGE]) {
      test(`signed in: ${path} passes axe`, async ({ page }) => {
        test.setTimeout(60_000);
        await registerViaApi(page, newUser(`axe-${scheme}`));
        // Every route is read with a public portfolio in the account, as the dashboard, chat and portfolio show it.
        const sharedPath = await publicPortfolioOf(page);
        expect(await seriousViolations(page, path === OWN_SHARED_PAGE ? sharedPath : path)).toEqual([]);
      });
    }
  });
}
