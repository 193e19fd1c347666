import { expect, test, type Page } from '@playwright/test';
import { AGENT_ARRIVAL_TIMEOUT_MS, newUser, registerViaApi } from './support';

/**
 * The Financial Agent's answers as a person reads them: a comparison over the period asked as a real table, figures
 * marked subtly with their source on hover, finished progress lines in the past tense, a forecast's method folded
 * away, and at the daily limit a send button and suggestions that are off with the reset time.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const agent = (page: Page) => page.getByRole('dialog', { name: 'Financial Agent' });
const input = (page: Page) => agent(page).getByRole('textbox', { name: 'Message the Financial Agent' });

async function openAgent(page: Page) {
  await page.goto('/chat');
  await expect(agent(page)).toBeVisible({ timeout: AGENT_ARRIVAL_TIMEOUT_MS });
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press('Enter');
  const answer = agent(page).getByTestId('assistant-message').last();
  await expect(answer.getByTestId('answer-sources')).toBeVisible();
  return answer;
}

test('a comparison over 6 months is a table of that period, with subtle figure marks and finished progress lines', async ({
  page,
}) => {
  await registerViaApi(page, newUser('agent-table'));
  await openAgent(page);
  const answer = await ask(page, 'Compare AAPL and MSFT over 6 months');

  const table = answer.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Stock',
    'Price',
    'Today',
    'Six months',
    'Volatility (a year)',
    'Rating',
    'P/E',
  ]);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('AAPL');
  await expect(table.getByRole('row').nth(2)).toContainText('MSFT');
  await expect(answer).toContainText('did best over the past six months');
  // Only what was asked: no forecast and no forecast chart.
  await expect(answer).not.toContainText(/forecast|hypothetical/i);

  await expect(answer.getByTestId('tool-progress')).toHaveText(['Compared AAPL, MSFT (6M)']);
  await expect(answer.getByTestId('tool-progress')).toHaveAttribute('data-status', 'done');

  // Figures carry a dotted underline, no badge; the source shows on hover and in the footer.
  const price = table.getByTestId('verified-figure').filter({ hasText: '$' }).first();
  await expect(price).toHaveCSS('border-bottom-style', 'dotted');
  await expect(answer.getByTestId('source-chip')).toHaveCount(0);
  await expect(answer.getByTestId('unverified-figure')).toHaveCount(0);
  await price.hover();
  await expect(page.getByRole('tooltip')).toContainText('compare · Simulated market (built-in) · as of');
  await expect(answer.getByTestId('answer-sources')).toContainText('AAPL vs MSFT 6M comparison');
});

test("a forecast reads in plain words first, with the method in a closed 'How this is computed' fold", async ({
  page,
}) => {
  await registerViaApi(page, newUser('agent-fold'));
  await openAgent(page);
  const answer = await ask(page, 'Forecast AAPL for the next 3 months');
  await expect(answer.getByTestId('answer-markdown')).toContainText(
    'Where AAPL could be in three months is a hypothetical range, not a prediction.',
  );
  const fold = answer.getByTestId('method-fold');
  await expect(fold.locator('summary')).toHaveText('How this is computed');
  await expect(fold).not.toHaveAttribute('open', '');
  await expect(fold.getByText(/^Model: a log-normal model/)).toBeHidden();
  await fold.locator('summary').click();
  await expect(fold.getByText(/^Model: a log-normal model/)).toBeVisible();
});

test('at the daily limit the send button and the suggestions are off, with the time they come back', async ({
  page,
}) => {
  await registerViaApi(page, newUser('agent-spent'));
  for (let i = 0; i < 10; i++)
    expect((await page.request.post('/api/chat', { data: { message: 'Hi' } })).status()).toBe(200);
  await openAgent(page);
  const dialog = agent(page);
  await expect(dialog.getByTestId('usage-remaining')).toHaveText('0 of 10 left today');
  await expect(dialog.getByTestId('suggestions-limit')).toHaveText(
    /^Daily limit reached: new messages in (\d+ hours?( \d+ minutes?)?|\d+ minutes?|less than a minute)\.$/,
  );
  for (const chip of await dialog.getByTestId('agent-suggestions').getByRole('button').all())
    await expect(chip).toBeDisabled();
  await input(page).fill('What is AAPL trading at?');
  await expect(dialog.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(input(page)).toHaveAttribute('placeholder', /^Daily limit reached: new messages in /);
});

test('a message the agent could not understand is answered with a question back and not charged', async ({ page }) => {
  await registerViaApi(page, newUser('agent-nonsense'));
  await openAgent(page);
  await expect(agent(page).getByTestId('usage-remaining')).toHaveText('10 of 10 left today');
  await input(page).fill('purple monkey dishwasher');
  await input(page).press('Enter');
  await expect(agent(page).getByTestId('assistant-message').last()).toContainText(
    "I didn't catch that: would you like a stock's price, how it has done, a comparison, or what an investing term means?",
  );
  await expect(agent(page).getByTestId('usage-remaining')).toHaveText('10 of 10 left today');
  expect(await (await page.request.get('/api/usage-stats')).json()).toMatchObject({ today: { chatMessages: 0 } });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a figure shows where it came from (phones have no hover)', async ({ page }) => {
    await registerViaApi(page, newUser('agent-tap'));
    await openAgent(page);
    const answer = await ask(page, 'What is AAPL trading at?');
    await answer.getByTestId('verified-figure').filter({ hasText: '$' }).first().tap();
    await expect(page.getByRole('tooltip')).toContainText('get_quote · Simulated market (built-in) · as of');
  });
});
