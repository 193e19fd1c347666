import { expect, test, type Page } from '@playwright/test';
import {
  FIRST_PAINT_PAGES,
  firstPaintScripts,
  readChunkGraph,
  SHARED_FIRST_PAINT_BUDGET_KB,
  sharedFirstPaintScripts,
  totalGzipKb,
  TRADING_ALL_SCRIPTS_BUDGET_KB,
  type FirstPaintPage,
} from '../helpers/scriptBudget';

/**
 * The JavaScript budget (docs/decisions/017-javascript-budget.md), on the build `npm run test:e2e` has just made:
 * what a page needs before its first paint, counted from the build's script graph and then checked in Chromium
 * (the first screen renders with those scripts alone, every other one held back), and everything /trading loads.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** What each page's first screen shows, signed out, before anything it loads on demand has arrived. */
const FIRST_SCREEN: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Trading Free' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  },
  '/trading': async (page) => {
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByTestId('chart-symbol')).toHaveText('SPY');
    // The data layer is part of the first paint: the quote arrives without anything loaded on demand.
    await expect(page.getByTestId('chart-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByRole('group', { name: 'Timeframe' }).getByRole('button', { name: '1D' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search a stock to chart' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular' })).toBeVisible();
    // The chart's frame is there, waiting for its engine.
    await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'loading');
  },
};

/** The built file a script request asks for ('assets/x.js'), or null for anything else. */
function builtScript(url: string): string | null {
  const { pathname } = new URL(url);
  return pathname.startsWith('/assets/') && pathname.endsWith('.js') ? pathname.slice(1) : null;
}

test('what index.html loads before any page paints stays within its budget', () => {
  const shared = totalGzipKb(sharedFirstPaintScripts(readChunkGraph()));
  test.info().annotations.push({ type: 'index.html scripts (KB gzip)', description: String(shared) });
  expect(shared).toBeLessThanOrEqual(SHARED_FIRST_PAINT_BUDGET_KB);
});

for (const plan of FIRST_PAINT_PAGES) {
  test(`${plan.path} paints its first screen with ${plan.budgetKb} KB of JavaScript at most`, async ({ page }) => {
    const needed = firstPaintScripts(readChunkGraph(), plan);
    const kb = totalGzipKb(needed);
    test.info().annotations.push({ type: `first paint of ${plan.path} (KB gzip)`, description: String(kb) });
    expect(kb).toBeLessThanOrEqual(plan.budgetKb);
    await expectFirstScreenWith(page, plan, needed);
  });
}

/** Every script outside `needed` is held (never answered) while the page must still show its first screen. */
async function expectFirstScreenWith(page: Page, plan: FirstPaintPage, needed: Set<string>): Promise<void> {
  const held: string[] = [];
  await page.route(
    (url) => builtScript(url.href) !== null,
    (route) => {
      const file = builtScript(route.request().url())!;
      if (needed.has(file)) return route.continue();
      held.push(file);
      // Never answered: loaded on demand, it must not be what the first screen waits for.
    },
  );
  // Not waiting for the load event: the held scripts would keep it from ever firing.
  await page.goto(plan.path, { waitUntil: 'commit' });
  await FIRST_SCREEN[plan.path](page);
  // The page did ask for more (the chart's engine, parts it loads on demand): the check held something back.
  if (plan.path === '/trading') expect(held.length).toBeGreaterThan(0);
}

test(`everything /trading loads on a first visit stays within ${TRADING_ALL_SCRIPTS_BUDGET_KB} KB`, async ({
  page,
}) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const file = builtScript(response.url());
    if (file && response.ok()) loaded.add(file);
  });
  await page.goto('/trading');
  await expect(page.getByRole('figure', { name: 'SPY price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  // Live prices run over the socket, whose code is part of the page too.
  await expect(page.getByTestId('chart-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await page.waitForLoadState('networkidle');
  const kb = totalGzipKb(loaded);
  test.info().annotations.push({ type: 'all scripts of /trading (KB gzip)', description: String(kb) });
  expect(kb).toBeLessThanOrEqual(TRADING_ALL_SCRIPTS_BUDGET_KB);
});
