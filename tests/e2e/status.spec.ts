import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { rewriteMarketCall } from './marketFaults';

/** Today's UTC date as the bars print it, e.g. 'Nov 22, 2026'. */
function utcDayLabel(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

async function openStatus(page: Page, theme: 'dark' | 'light' = 'dark') {
  await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'System Status', level: 1 })).toBeVisible();
}

test('the status page shows the overall badge, the definitions, storage and 90 daily bars per service', async ({
  page,
}) => {
  await openStatus(page);
  await expect(page).toHaveTitle('System Status · Tickwise');
  await expect(page.getByTestId('overall-status')).toHaveText('Online');
  await expect(page.getByRole('heading', { name: 'All systems online' })).toBeVisible();
  await expect(page.getByTestId('last-checked')).toContainText('Last checked at');
  await expect(page.getByTestId('instances')).toHaveText('Served by 1 server instance (seen in the last minute).');
  for (const term of ['Online', 'Limited', 'Offline', 'No data']) {
    await expect(page.locator('dt', { hasText: term })).toBeVisible();
  }

  // Storage: real files of the e2e database against the default 50 GB, far below the warning.
  await expect(page.getByTestId('storage-text')).toHaveText(/^\d+(\.\d)? (KB|MB) of 50 GB$/);
  await expect(page.getByTestId('storage-bar')).not.toHaveAttribute('data-warning');

  // Services grouped by category, each Operational; every service with exactly 90 bars and today's bar checked.
  for (const category of ['Core platform', 'Live data', 'AI']) {
    const section = page.getByRole('region', { name: category });
    await expect(section.getByText('Operational')).toBeVisible();
  }
  const strips = page.getByTestId('uptime-bars');
  await expect(strips).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    const bars = strips.nth(i).getByRole('img');
    await expect(bars).toHaveCount(90);
    await expect(bars.last()).toHaveAttribute('data-status', 'online');
    await expect(bars.first()).toHaveAttribute('data-status', 'no-data');
  }
  await expect(page.getByTestId('service-database').getByTestId('service-uptime')).toHaveText('100.00% uptime');
  await expect(page.getByTestId('uptime-rule')).toContainText('limited minutes counted as half');
});

test('a bar tells its date, uptime and incidents on hover, on focus and to screen readers', async ({ page }) => {
  await openStatus(page);
  const strip = page.getByTestId('service-database').getByTestId('uptime-bars');
  const tooltip = page.getByTestId('uptime-tooltip');

  await strip.getByRole('img').last().hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(utcDayLabel());
  await expect(tooltip).toContainText('Uptime 100.00%');
  await expect(tooltip).toContainText('No incidents');
  await expect(strip.getByRole('img').last()).toHaveAccessibleName(`${utcDayLabel()}: 100.00% uptime, no incidents`);

  await strip.getByRole('img').first().hover();
  await expect(tooltip).toContainText('No data: no checks ran this day');

  // Keyboard: the strip is one tab stop (today); arrows walk the days.
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  await strip.getByRole('img').last().focus();
  await expect(tooltip).toContainText(utcDayLabel());
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toContainText(utcDayLabel(-1));
  await expect(strip.getByRole('img').nth(88)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(strip.getByRole('img').first()).toBeFocused();
  await expect(strip.locator('[tabindex="0"]')).toHaveCount(1);
});

test('the page polls the status every 30 seconds', async ({ page }) => {
  await page.clock.install();
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/trpc/') && request.url().includes('status.system')) calls += 1;
  });
  await openStatus(page);
  await expect(page.getByTestId('overall-status')).toHaveText('Online');
  expect(calls).toBe(1);
  await page.clock.fastForward(29_000);
  expect(calls).toBe(1);
  await page.clock.fastForward(2_000);
  await expect.poll(() => calls).toBe(2);
});

test('when the status service fails the page shows limited, no services and 0 of 50 GB', async ({ page }) => {
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('status.'),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await openStatus(page);
  await expect(page.getByTestId('overall-status')).toHaveText('Limited');
  await expect(page.getByRole('heading', { name: 'Some services are limited' })).toBeVisible();
  await expect(page.getByTestId('storage-text')).toHaveText('0 GB of 50 GB');
  await expect(page.getByTestId('uptime-bars')).toHaveCount(0);
  await expect(page.getByText('Service details unavailable')).toBeVisible();
  await expect(page.getByTestId('last-checked')).toHaveText(/could not be reached/);
});

test('the storage bar takes the warning colour above 80 %', async ({ page }) => {
  await rewriteMarketCall(page, 'status.storage', () => ({ estimatedSizeGB: 41, totalAllowedGB: 50, unit: 'GB' }));
  await openStatus(page);
  await expect(page.getByTestId('storage-text')).toHaveText('41.00 GB of 50 GB');
  await expect(page.getByTestId('storage-bar')).toHaveAttribute('data-warning', 'true');
  await expect(page.getByRole('progressbar', { name: /Storage used: 41\.00 GB of 50 GB \(82\.0%\)/ })).toBeVisible();
  await expect(page.getByText('Above 80%')).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1440, 390]) {
    test(`the status page passes axe checks (contrast included) in the ${theme} theme at ${width} px`, async ({
      page,
    }) => {
      // axe walks 450 bars; on a busy machine that takes a while.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await openStatus(page, theme);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await expect(page.getByTestId('uptime-bars')).toHaveCount(5);
      // Hover a bar so the tooltip is checked too.
      await page.getByTestId('uptime-bars').first().getByRole('img').last().hover();
      await expect(page.getByTestId('uptime-tooltip')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('main').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
