import { expect, test } from '@playwright/test';
import { rewriteMarketCall } from './marketFaults';
import { newUser, registerViaApi } from './support';

/** Issue 30 §4 in the browser: /calendar's views and filters, the pending state, the dashboard's This week card. */

test('the calendar shows the watched symbols’ events by week, month and list, filtered by source and kind', async ({
  page,
}) => {
  await registerViaApi(page, newUser('calendar'));
  // A year of the popular list's dates (the new user's first list) through the API: the page must show the same.
  const today = new Date();
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('calendar-week')).toBeVisible();
  await expect(page.getByTestId('calendar-week').getByRole('region')).toHaveCount(7);

  await page.getByText('List', { exact: true }).click();
  const monthStart = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  const monthEnd = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
  const api = (await (
    await page.request.get(`/api/calendar?from=${monthStart}&to=${monthStart.slice(0, 8)}${monthEnd}`)
  ).json()) as { events: { symbol: string; kind: string }[]; pendingSymbols: string[] };
  const events = page.getByTestId('calendar-event');
  if (api.events.length > 0) {
    await expect(events).toHaveCount(api.events.length, { timeout: 15_000 });
    // Everything here is watched (the popular list): without watchlists, nothing is left.
    await page.getByRole('switch', { name: 'Watchlists' }).click({ force: true });
    await expect(events).toHaveCount(0);
    await expect(page.getByText('No events this month with these filters.')).toBeVisible();
    await page.getByRole('switch', { name: 'Watchlists' }).click({ force: true });
    const earnings = api.events.filter((e) => e.kind === 'earnings').length;
    await page.getByRole('group', { name: 'Kinds of event' }).getByText('Earnings').click();
    await expect(events).toHaveCount(api.events.length - earnings);
    await expect(page.locator('[data-testid=calendar-event][data-kind=earnings]')).toHaveCount(0);
  } else {
    await expect(page.getByText(/No events this month/)).toBeVisible();
  }

  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByTestId('calendar-month')).toBeVisible();
  const title = await page.getByTestId('calendar-title').textContent();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-title')).not.toHaveText(title ?? '');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(title ?? '');
});

test('while the server is still fetching some symbols, the page says how many and asks again', async ({ page }) => {
  await registerViaApi(page, newUser('calendar-pending'));
  let answers = 0;
  // The first answer names two symbols still pending; the real ones that follow name none.
  await rewriteMarketCall(page, 'calendar.events', (data) =>
    answers++ === 0 ? { ...(data as object), pendingSymbols: ['ZZZA', 'ZZZB'] } : data,
  );
  await page.goto('/calendar');
  await expect(page.getByTestId('calendar-pending')).toHaveText('Still fetching 2 symbols…');
  await expect(page.getByTestId('calendar-pending')).toHaveCount(0, { timeout: 10_000 });
  expect(answers).toBeGreaterThanOrEqual(2);
});

test('the dashboard’s This week card lists the week’s events and leads to the calendar', async ({ page }) => {
  await registerViaApi(page, newUser('calendar-card'));
  await page.goto('/dashboard');
  const card = page.getByTestId('dashboard-this-week');
  await expect(card.getByRole('heading', { name: 'This week' })).toBeVisible();
  await expect(
    card.getByText(/No earnings or dividends this week|Still fetching/).or(card.getByTestId('this-week-event').first()),
  ).toBeVisible();
  await card.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
});

interface ApiEarnings {
  symbol: string;
  kind: string;
  date: string;
  status: string;
  eps: { estimate: string | null; actual: string | null; surprise: number | null } | null;
}

const dollars = (amount: string) => `$${Number(amount).toFixed(2)}`;

test('an earnings entry shows the EPS estimate before the report, and the actual with the surprise after', async ({
  page,
}) => {
  await registerViaApi(page, newUser('calendar-eps'));
  await page.goto('/calendar');
  await page.getByText('List', { exact: true }).click();
  // The popular list's companies report every quarter: of this month and the two before, one has reports.
  let reports: ApiEarnings[] = [];
  const month = new Date();
  for (let back = 0; back < 3 && reports.length === 0; back++) {
    if (back > 0) {
      await page.getByRole('button', { name: 'Previous month' }).click();
      month.setDate(1);
      month.setMonth(month.getMonth() - 1);
    }
    const from = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}-01`;
    const last = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    const answer = (await (
      await page.request.get(`/api/calendar?from=${from}&to=${from.slice(0, 8)}${last}`)
    ).json()) as {
      events: ApiEarnings[];
    };
    reports = answer.events.filter((e) => e.kind === 'earnings');
  }
  expect(reports.length).toBeGreaterThan(0);
  for (const report of reports.slice(0, 4)) {
    const item = page.locator(`[data-testid=calendar-event][data-kind=earnings][data-symbol="${report.symbol}"]`);
    const eps = report.eps!;
    if (report.status === 'reported') {
      const surprise = Math.round(eps.surprise! * 1000) / 10;
      await expect(item).toContainText(
        `EPS ${dollars(eps.actual!)}, estimate ${dollars(eps.estimate!)}, surprise ${surprise > 0 ? '+' : ''}${surprise.toFixed(1)}%`,
      );
    } else {
      expect(eps.actual).toBeNull();
      await expect(item).toContainText(`EPS estimate ${dollars(eps.estimate!)}`);
    }
  }
});
