import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { portfolioWithActivities } from './ledgerApi';
import { newUser, registerViaApi } from './support';

/**
 * The Activity tab on a phone (390 × 844): cards instead of the nine-column table, nothing scrolling sideways, every
 * field in view, and the same Edit and Delete buttons (and names) as the table's. In both themes, with a screenshot
 * of each in the test's output folder for a person to look at; axe on the phone layout.
 */

test.use({ viewport: { width: 390, height: 844 } });

const LONG_NOTE = 'Opening deposit from the savings account, reference SAVINGS-TRANSFER-2024-01-02-000123456789';

const ACTIVITIES = [
  { date: '2024-01-02', type: 'deposit', amount: '10000', note: LONG_NOTE },
  { date: '2024-01-03', type: 'buy', symbol: 'AAPL', quantity: '10', price: '100', fee: '1', note: 'First lot' },
  // The same buy twice on a day: its buttons must still have names of their own.
  { date: '2024-01-03', type: 'buy', symbol: 'AAPL', quantity: '10', price: '100', fee: '1', note: 'First lot' },
  { date: '2024-04-01', type: 'dividend', symbol: 'AAPL', amount: '5.50', note: 'Quarterly' },
];

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const list = page.getByTestId('activity-cards');
  const box = await list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeLessThanOrEqual(box.client);
}

for (const theme of ['light', 'dark'] as const) {
  test(`on a phone the activities read as cards without sideways scrolling (${theme} theme)`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
    await registerViaApi(page, newUser(`ledger-phone-${theme}`));
    await portfolioWithActivities(page, `Phone ${theme}`, ACTIVITIES);
    await page.goto('/portfolio');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await page.getByRole('tab', { name: 'Activity' }).click();

    const cards = page.getByTestId('activity-cards');
    const items = cards.locator('li[data-activity-id]');
    await expect(items).toHaveCount(4);
    // Only the phone version is rendered, not a hidden table beside it.
    await expect(page.getByTestId('activity-table')).toHaveCount(0);
    // Newest first, as in the table.
    await expect(items.first()).toHaveAttribute('data-type', 'dividend');
    await expect(items.last()).toHaveAttribute('data-type', 'deposit');

    const firstBuy = cards.locator('li[data-type="buy"]').first();
    for (const text of ['Buy', 'AAPL', '3 Jan 2024', '10 × $100.00 + $1.00 fee', 'First lot']) {
      await expect(firstBuy.getByText(text, { exact: true })).toBeVisible();
    }
    const deposit = items.last();
    await expect(deposit.getByText('$10,000.00', { exact: true })).toBeVisible();
    // The long note wraps inside the card rather than widening it.
    await expect(deposit.getByText(LONG_NOTE)).toBeVisible();
    const card = await deposit.boundingBox();
    expect(card && card.x >= 0 && card.x + card.width <= 390).toBe(true);
    await expectNoSidewaysScroll(page);

    // The table's button names, told apart when two activities read the same.
    const sameBuy = 'Buy 10 AAPL at $100.00 on 3 Jan 2024';
    await expect(page.getByRole('button', { name: `Edit: ${sameBuy} (1 of 2)`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete: ${sameBuy} (2 of 2)`, exact: true })).toBeVisible();

    const axe = await new AxeBuilder({ page })
      .include('[data-testid="activity-tab"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`activity-phone-${theme}.png`), fullPage: true });

    // Edit from a card opens the form filled in with that activity.
    await page.getByRole('button', { name: 'Edit: Dividend of $5.50 from AAPL on 1 Apr 2024', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit activity' });
    await expect(form.getByRole('combobox', { name: 'Type' })).toHaveValue('Dividend');
    await expect(form.getByLabel('Date')).toHaveValue('2024-04-01');
    await expect(form.getByRole('textbox', { name: 'Symbol' })).toHaveValue('AAPL');
    await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('5.5');
    await expect(form.getByRole('textbox', { name: 'Note' })).toHaveValue('Quarterly');
    await form.getByRole('textbox', { name: 'Amount' }).fill('6.25');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(items.first().getByText('$6.25', { exact: true })).toBeVisible();
  });
}

test('from the sm breakpoint up the same activities show as the table', async ({ page }) => {
  await registerViaApi(page, newUser('ledger-phone-wide'));
  await portfolioWithActivities(page, 'Phone to tablet', ACTIVITIES);
  await page.goto('/portfolio');
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByTestId('activity-cards').locator('li')).toHaveCount(4);

  // Turning the device (or widening the window) swaps the list for the table.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('activity-table').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('activity-cards')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Edit: Buy 10 AAPL at $100.00 on 3 Jan 2024 (2 of 2)', exact: true }),
  ).toBeVisible();
});
