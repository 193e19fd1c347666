import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './support';

/** The AI Review on the portfolio detail view, as a person uses it: two grounded reviews a day, then the limit popup. */

test.use({ viewport: { width: 1440, height: 900 } });

const card = (page: Page) => page.getByTestId('ai-review');
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

/** A signed-in user with one portfolio of three holdings, made through the API; returns its id. */
async function userWithPortfolio(page: Page, tag: string): Promise<string> {
  await registerViaApi(page, newUser(tag));
  const created = await page.request.post('/api/portfolios', {
    data: { name: 'Tech bets', description: 'Three big names' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [symbol, quantity, averagePrice] of [
    ['AAPL', 10, 150],
    ['MSFT', 2.5, 300.25],
    ['TSLA', 3, 400],
  ] as const) {
    expect(
      (
        await page.request.post(`/api/portfolios/${id}/holdings`, { data: { symbol, quantity, averagePrice } })
      ).status(),
    ).toBe(201);
  }
  return id;
}

/** Notes whether the review's loading state was ever on screen, however briefly. */
async function recordLoadingState(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { reviewLoadingSeen: boolean };
    w.reviewLoadingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="ai-review"][aria-busy="true"] [data-testid="review-loading"]'))
        w.reviewLoadingSeen = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function openPortfolio(page: Page) {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Tech bets' })).toBeVisible();
  await expect(card(page)).toBeVisible();
}

test('AI review twice with grounded answers and figure sources, then the Usage Limit Reached popup', async ({
  page,
}) => {
  await userWithPortfolio(page, 'review');
  await openPortfolio(page);
  await expect(card(page).getByTestId('review-remaining')).toHaveText('2 left today');

  await card(page).getByRole('button', { name: 'AI Review' }).click();
  const answer = card(page).getByTestId('review-answer');
  await expect(answer).toContainText(/Tech bets is worth \$[\d,]+\.\d{2}/);
  // What to consider doing, not the checks card again.
  await expect(answer).toContainText('What to consider');
  await expect(answer).not.toContainText('Within the limits');
  // Grounded: figures marked with their source, sources with their as-of time, every figure verified, no warning.
  await expect(answer.getByTestId('verified-figure').first()).toBeVisible();
  await expect(answer.getByTestId('source-chip')).toHaveCount(0);
  await expect(answer.getByTestId('unverified-figure')).toHaveCount(0);
  await expect(answer.getByTestId('unverified-warning')).toHaveCount(0);
  await expect(answer.getByTestId('answer-sources')).toContainText(
    /Your portfolios, priced by Simulated market \(built-in\): "Tech bets" portfolio · as of \d{2}:\d{2} UTC/,
  );
  await expect(answer.getByTestId('verification')).toHaveText(/^(\d+) of \1 figures verified against the data$/);
  await expect(card(page).getByTestId('review-remaining')).toHaveText('1 left today');

  // A figure's tooltip names where it came from.
  await answer.getByTestId('verified-figure').filter({ hasText: '$' }).first().hover();
  await expect(page.getByRole('tooltip')).toContainText('get_portfolio');

  await recordLoadingState(page);
  await card(page).getByRole('button', { name: 'AI Review' }).click();
  await expect(card(page).getByTestId('review-remaining')).toHaveText('0 left today');
  // The loading state showed while the agent wrote (recorded as it happened; the answer may be quick).
  expect(await page.evaluate(() => (window as unknown as { reviewLoadingSeen: boolean }).reviewLoadingSeen)).toBe(true);
  await expect(answer).toContainText('Tech bets is worth');

  // Leaving the portfolio and coming back keeps the last review on screen.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Open portfolio Tech bets' }).click();
  await expect(card(page).getByTestId('review-answer')).toContainText('Tech bets is worth');

  await card(page).getByRole('button', { name: 'AI Review' }).click();
  const popup = page.getByRole('dialog', { name: 'Usage Limit Reached' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('2/2 Analyses');
  await expect(popup).toContainText(/Resets in (\d+ hours?( \d+ minutes?)?|\d+ minutes?|less than a minute)\./);
  await page.mouse.click(5, 5);
  await expect(popup).toBeHidden();
  // No error toast for the limit, and the last good review stays.
  await expect(toast(page, 'Failed to generate review')).toHaveCount(0);
  await expect(card(page).getByTestId('review-answer')).toBeVisible();

  // The /upgrade screen counts the same analyses.
  await page.goto('/upgrade');
  await expect(page.getByTestId('usage-Portfolio Analysis')).toContainText('2 / 2');
});

test('a failed review shows the toast and a retry, and costs nothing', async ({ page }) => {
  const id = await userWithPortfolio(page, 'review-fail');
  await openPortfolio(page);
  // In another tab the holdings are removed: there is nothing left to review.
  const holdings = (await (await page.request.get(`/api/portfolios/${id}/holdings`)).json()) as { id: string }[];
  for (const h of holdings)
    expect((await page.request.delete(`/api/portfolios/${id}/holdings/${h.id}`)).status()).toBe(200);

  await card(page).getByRole('button', { name: 'AI Review' }).click();
  await expect(toast(page, 'Failed to generate review')).toBeVisible();
  await expect(toast(page, 'Failed to generate review')).toContainText(
    'Add a holding to this portfolio before asking for an AI review',
  );
  const failed = card(page).getByTestId('review-failed');
  await expect(failed).toBeVisible();
  await expect(card(page).getByTestId('review-remaining')).toHaveText('2 left today');

  expect(
    (
      await page.request.post(`/api/portfolios/${id}/holdings`, {
        data: { symbol: 'KO', quantity: 4, averagePrice: 50 },
      })
    ).status(),
  ).toBe(201);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page).getByTestId('review-answer')).toContainText('Tech bets is worth');
  await expect(failed).toBeHidden();
  await expect(card(page).getByTestId('review-remaining')).toHaveText('1 left today');
});

test("the Financial Agent answers 'How is my portfolio doing?' from the portfolio, with figure sources", async ({
  page,
}) => {
  await userWithPortfolio(page, 'review-chat');
  await page.goto('/chat');
  const agent = page.getByRole('dialog', { name: 'Financial Agent' });
  // /chat shows SPY's chart: without it in context, the general suggestions ask about the portfolio.
  await agent.getByRole('button', { name: /^Stop asking about / }).click();
  await agent.getByTestId('agent-suggestions').getByRole('button', { name: 'How is my portfolio doing?' }).click();
  const answer = agent.getByTestId('assistant-message');
  await expect(answer).toContainText(/Tech bets is worth \$[\d,]+\.\d{2}/);
  await expect(answer).toContainText('Its biggest position is AAPL');
  await expect(answer.getByTestId('tool-progress')).toHaveText(['Read your portfolio']);
  await expect(answer.getByTestId('verified-figure').first()).toBeVisible();
  await expect(answer.getByTestId('unverified-figure')).toHaveCount(0);
  // A chat message, not one of the day's portfolio reviews.
  await page.goto('/portfolio');
  await expect(card(page).getByTestId('review-remaining')).toHaveText('2 left today');
});

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1440, 390]) {
    test(`the review card passes axe checks in the ${theme} theme at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
      await userWithPortfolio(page, `review-axe-${theme}-${width}`);
      await openPortfolio(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await card(page).getByRole('button', { name: 'AI Review' }).click();
      await expect(card(page).getByTestId('review-answer')).toContainText('Tech bets is worth');
      const results = await new AxeBuilder({ page }).include('[data-testid="ai-review"]').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
