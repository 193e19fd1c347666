import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { portfolioWithActivities } from './ledgerApi';
import { newUser, registerViaApi } from './support';

/**
 * A return with no meaningful answer, end to end: money deposited and withdrawn on the same day was never at risk
 * for any length of time, so the engine's XIRR has nothing to solve (every flow on one day) and answers null. The
 * Performance card shows "—" for the money-weighted return with the reason in its tooltip and accessible name,
 * never 0 % or −100 %; axe checks that state in both themes.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const SAME_DAY_IN_AND_OUT = [
  { date: '2024-01-02', type: 'deposit', amount: '1000' },
  { date: '2024-01-02', type: 'withdrawal', amount: '1000' },
];

// The reason the card gives (NOT_MEANINGFUL_WHY.mwr in ledgerText.ts), in parts that must all be said.
const WHY = /no money stayed invested for any length of time \(it went in and came out on the same day\)/;

async function axeOf(page: Page, ...selectors: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of selectors) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a money-weighted return with no answer reads "not meaningful" and says why (${theme} theme)`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
    await registerViaApi(page, newUser(`ledger-nm-${theme}`));
    const id = await portfolioWithActivities(page, `Same day ${theme}`, SAME_DAY_IN_AND_OUT);

    // The engine's answer first: null, not a number, for the money-weighted return; the TWR is still a number.
    const answer = await page.request.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`);
    expect(answer.ok(), await answer.text()).toBe(true);
    const performance = (await answer.json()) as { mwr: string | null; twr: string | null };
    expect(performance.mwr).toBeNull();
    expect(performance.twr).not.toBeNull();

    await page.goto('/portfolio');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    const card = page.getByTestId('performance-card');
    const mwr = card.getByTestId('figure-mwr').locator('[data-value]');
    await expect(mwr).toHaveAttribute('data-value', 'not-meaningful');
    await expect(mwr).toHaveText('—');
    await expect(card.getByTestId('figure-twr').locator('[data-value]')).toHaveText('0.00%');

    // The reason is in the figure's accessible name and in a tooltip reached with the keyboard.
    await expect(mwr).toHaveAccessibleName(
      /^Money-weighted return, (per year|for the range): Not meaningful for this range/,
    );
    await expect(mwr).toHaveAccessibleName(WHY);
    await mwr.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(mwr).toBeFocused();
    const tip = page.getByRole('tooltip').filter({ hasText: WHY });
    await expect(tip).toBeVisible();
    // The tooltip's enter transition must be over: axe reads colours as painted.
    await expect(tip).toHaveCSS('opacity', '1');

    await page.waitForLoadState('networkidle');
    await card.screenshot({ path: testInfo.outputPath(`not-meaningful-${theme}.png`) });
    expect(await axeOf(page, '[data-testid="performance-section"]', '[role="tooltip"]')).toEqual([]);
  });
}
