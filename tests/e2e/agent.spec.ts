import { expect, test, type Page } from '@playwright/test';
import { AGENT_ARRIVAL_TIMEOUT_MS, newUser, registerViaApi } from './support';

/** The Financial Agent in the browser: open it, ask, watch it stream, read its sources, draw a forecast, hit the limit. */

test.use({ viewport: { width: 1440, height: 900 } });

const agent = (page: Page) => page.getByRole('dialog', { name: 'Financial Agent' });
const input = (page: Page) => agent(page).getByRole('textbox', { name: 'Message the Financial Agent' });

async function openAgent(page: Page, url = '/trading?symbol=AAPL') {
  await page.goto(url);
  await expect(page.getByTestId('chart-symbol')).toBeVisible();
  await page.getByRole('navigation', { name: 'Chart tools' }).getByRole('button', { name: 'AI agent' }).click();
  await expect(agent(page)).toBeVisible();
}

/** Records every tool-progress state the page shows, to prove progress appeared while the answer was written. */
/**
 * Every tRPC websocket frame the page receives, in order. The built-in analyst answers in a millisecond, so
 * 'running' and 'done' may land in one screen update: what streams is asserted on the wire, not on the DOM.
 */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().endsWith('/trpc')) socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}

test('signed out, the AI button explains that the agent needs an account and offers Sign In', async ({ page }) => {
  await page.goto('/trading');
  await page.getByRole('button', { name: 'AI agent' }).click();
  await expect(agent(page)).toContainText('The Financial Agent needs an account');
  await agent(page).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('signing in from the agent prompt and coming back, the agent answers', async ({ page }) => {
  const user = newUser('agent-signin');
  await registerViaApi(page, user);
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  // The live chart opens the websocket while signed out; the app keeps it across the sign-in below.
  await page.goto('/trading?symbol=AAPL');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  await page.getByRole('button', { name: 'AI agent' }).click();
  await agent(page).getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The dashboard's AI Chat quick action: /chat, the trading page with the agent open.
  await page.getByRole('link', { name: 'AI Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await agent(page).getByRole('button', { name: 'How volatile is SPY?' }).click();
  await expect(agent(page).getByTestId('assistant-message')).toContainText('Annualized volatility');
});

test('opens from the toolbar with suggestions, asks, streams tool progress and marks figures with their source', async ({
  page,
}) => {
  const frames = recordFrames(page);
  await registerViaApi(page, newUser('agent-ask'));
  await openAgent(page);
  const dialog = agent(page);
  await expect(dialog.getByText('Daily limit: 10 messages per day for all users.')).toBeVisible();
  await expect(dialog.getByTestId('usage-remaining')).toHaveText('10 of 10 left today');

  // Suggestions for the symbol in view; without it, the general set.
  const suggestions = dialog.getByTestId('agent-suggestions');
  await expect(suggestions).toHaveAttribute('data-context', 'AAPL');
  await expect(suggestions.getByRole('button')).toHaveText([
    "What's the outlook for AAPL?",
    'Is AAPL in an uptrend?',
    'How volatile is AAPL?',
    'Show a 1-month forecast for AAPL',
  ]);
  await dialog.getByRole('button', { name: 'Stop asking about AAPL' }).click();
  await expect(suggestions).toHaveAttribute('data-context', 'none');
  await expect(suggestions.getByRole('button')).toHaveText([
    'How is my portfolio doing?',
    'Compare AAPL and MSFT',
    "What's the outlook for NVDA?",
    'How volatile is Bitcoin?',
    'What does P/E mean?',
  ]);
  await page.getByRole('button', { name: 'AI agent' }).isVisible();

  // Send is off while blank; Shift+Enter adds a line, Enter sends.
  const send = dialog.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await input(page).fill('What is AAPL trading at');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('and is it up today?');
  await expect(input(page)).toHaveValue('What is AAPL trading at\nand is it up today?');
  await input(page).press('Enter');

  const answer = dialog.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Apple Inc. (AAPL)');
  // Streamed in order: the tool's progress, then tokens, then the stored answer.
  const running = frames.findIndex((f) => f.includes('Looking up AAPL…') && f.includes('"running"'));
  const token = frames.findIndex((f, i) => i > running && f.includes('"token"'));
  const done = frames.findIndex((f, i) => i > token && f.includes('"done"'));
  expect(running, 'a running tool-progress event').toBeGreaterThanOrEqual(0);
  expect(token, 'a token after the progress').toBeGreaterThan(running);
  expect(done, 'the done event last').toBeGreaterThan(token);
  await expect(answer.getByTestId('tool-progress')).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('tool-progress')).toHaveText('Looked up AAPL');
  await expect(input(page)).toHaveValue('');

  // Every figure verified and marked subtly (no badge after each number), the sources in the footer.
  await expect(answer.getByTestId('verified-figure').first()).toBeVisible();
  await expect(answer.getByTestId('source-chip')).toHaveCount(0);
  await expect(answer.getByTestId('unverified-figure')).toHaveCount(0);
  await expect(answer.getByTestId('verification')).toHaveText(/^(\d+) of \1 figures verified against the data$/);
  await expect(answer.getByTestId('answer-sources')).toContainText('Simulated market (built-in): AAPL quote · as of');
  await answer.getByTestId('verified-figure').filter({ hasText: '$' }).first().hover();
  await expect(page.getByRole('tooltip')).toContainText('AAPL price · get_quote · Simulated market (built-in) · as of');
  await expect(dialog.getByTestId('usage-remaining')).toHaveText('9 of 10 left today');
});

test('the textarea grows to at most 120 px, and Escape and the backdrop close the agent', async ({ page }) => {
  await registerViaApi(page, newUser('agent-box'));
  await openAgent(page);
  await input(page).fill(Array.from({ length: 15 }, (_, i) => `line ${i + 1}`).join('\n'));
  const box = await input(page).boundingBox();
  expect(box!.height).toBeLessThanOrEqual(120);
  expect(box!.height).toBeGreaterThan(60);
  await page.keyboard.press('Escape');
  await expect(agent(page)).toBeHidden();

  await page.getByRole('button', { name: 'AI agent' }).click();
  await expect(agent(page)).toBeVisible();
  // The draft survives closing and reopening.
  await expect(input(page)).toHaveValue(/^line 1\n/);
  await page.mouse.click(10, 450);
  await expect(agent(page)).toBeHidden();
});

test('draws a forecast graph with the note, the method and the drift switch', async ({ page }) => {
  await registerViaApi(page, newUser('agent-forecast'));
  await openAgent(page, '/trading?symbol=MSFT');
  await agent(page).getByRole('button', { name: 'Show a 1-month forecast for MSFT' }).click();
  const chart = agent(page).getByTestId('forecast-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-symbol', 'MSFT');
  await expect(chart.getByTestId('forecast-note')).toHaveText('Hypothetical, not a prediction.');
  await expect(chart.getByTestId('forecast-calibration')).toHaveText(
    /^Measured calibration: the 80% band held \d+\.\d% of the time over [\d.]+ years \(n = \d+\)\.$/,
  );
  await expect(chart.locator('canvas')).toHaveCount(1);
  await chart.getByTestId('forecast-method').hover();
  await expect(page.getByRole('tooltip')).toContainText('Log-normal model on daily log returns');
  await chart.getByRole('switch', { name: /Use the estimated drift/ }).check();
  await expect(chart).toHaveAttribute('data-drift', 'estimated');
  // The answer's text states the same bands in plain words, verified.
  await expect(agent(page).getByTestId('assistant-message').getByTestId('unverified-figure')).toHaveCount(0);
  await expect(agent(page).getByTestId('assistant-message')).toContainText(
    'Where MSFT could be in a month is a hypothetical range, not a prediction.',
  );
});

test('keeps conversations: list, resume, start new, delete', async ({ page }) => {
  await registerViaApi(page, newUser('agent-history'));
  await openAgent(page, '/trading?symbol=NVDA');
  await agent(page).getByRole('button', { name: 'Is NVDA in an uptrend?' }).click();
  await expect(agent(page).getByTestId('assistant-message')).toHaveCount(1);

  await agent(page).getByRole('button', { name: 'New chat' }).click();
  await expect(agent(page).getByTestId('agent-suggestions')).toBeVisible();
  await agent(page).getByRole('button', { name: 'History' }).click();
  const item = agent(page).getByTestId('conversation');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Is NVDA in an uptrend?');
  await item.getByRole('button', { name: /^Is NVDA in an uptrend\?/ }).click();
  await expect(agent(page).getByTestId('user-message')).toContainText('Is NVDA in an uptrend?');
  await expect(agent(page).getByTestId('assistant-message')).toContainText('NVIDIA Corporation (NVDA)');

  await item.getByRole('button', { name: 'Delete conversation Is NVDA in an uptrend?' }).click();
  await expect(agent(page).getByTestId('no-conversations')).toBeVisible();
  await expect(agent(page).getByTestId('agent-suggestions')).toBeVisible();
});

test('shows the error toast with the server message when an answer fails', async ({ page }) => {
  await registerViaApi(page, newUser('agent-error'));
  await openAgent(page);
  await agent(page).getByRole('button', { name: 'How volatile is AAPL?' }).click();
  await expect(agent(page).getByTestId('assistant-message')).toHaveCount(1);
  // The conversation disappears elsewhere (another tab deletes it): the next message cannot be stored in it.
  const list = await page.request.get('/api/chat/conversations');
  const [conversation] = await list.json();
  expect((await page.request.delete(`/api/chat/conversations/${conversation.id}`)).status()).toBe(200);
  await input(page).fill('And its trend?');
  await input(page).press('Enter');
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Conversation not found')).toBeVisible();
  // The question goes back into the box to send again, and nothing was charged.
  await expect(input(page)).toHaveValue('And its trend?');
  await expect(agent(page).getByTestId('usage-remaining')).toHaveText('9 of 10 left today');
});

test('renders markdown safely: HTML in an answer stays text', async ({ page }) => {
  await registerViaApi(page, newUser('agent-safe'));
  await openAgent(page);
  // The answer repeats the quoted name it found no ticker for, markup and all.
  await input(page).fill('What is the ticker for "<b>Zqx</b><img src=x>"?');
  await input(page).press('Enter');
  const answer = agent(page).getByTestId('assistant-message');
  await expect(answer).toContainText('<b>Zqx</b>');
  await expect(
    answer.locator('answer-markdown b, [data-testid="answer-markdown"] b, [data-testid="answer-markdown"] img'),
  ).toHaveCount(0);
  expect(await page.title()).not.toBe('1');
});

test('warns at 8 of 10 and shows the Usage Limit Reached popup at the limit', async ({ page }) => {
  await registerViaApi(page, newUser('agent-limit'));
  for (let i = 0; i < 8; i++)
    expect((await page.request.post('/api/chat', { data: { message: 'Hi' } })).status()).toBe(200);
  await openAgent(page);
  await expect(agent(page).getByTestId('usage-warning')).toHaveText('You have used 8 of 10 messages today: 2 left.');
  await expect(agent(page).getByTestId('usage-remaining')).toHaveText('2 of 10 left today');
  for (let i = 0; i < 2; i++)
    expect((await page.request.post('/api/chat', { data: { message: 'Hi' } })).status()).toBe(200);

  await input(page).fill('What is SPY trading at?');
  await input(page).press('Enter');
  const popup = page.getByRole('dialog', { name: 'Usage Limit Reached' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('10/10 Messages');
  await expect(popup).toContainText(/Resets in \d+ hours?( \d+ minutes?)?\.|Resets in \d+ minutes?\./);
  await expect(agent(page).getByTestId('usage-warning')).toContainText('You have used all 10 messages for today.');
  await page.mouse.click(5, 5);
  await expect(popup).toBeHidden();
  await expect(input(page)).toHaveValue('What is SPY trading at?');
});

test('signed in, /chat opens the trading page with the agent open', async ({ page }) => {
  await registerViaApi(page, newUser('agent-route'));
  await page.goto('/chat?symbol=TSLA');
  await expect(agent(page)).toBeVisible({ timeout: AGENT_ARRIVAL_TIMEOUT_MS });
  await expect(agent(page).getByTestId('agent-suggestions')).toHaveAttribute('data-context', 'TSLA');
  await page.keyboard.press('Escape');
  await expect(agent(page)).toBeHidden();
  await expect(page.getByTestId('chart-symbol')).toHaveText('TSLA');
});

const AGENT_CHUNK = /\/assets\/AgentModal-[\w-]+\.js$/;

/** Resolves when the page asks for the agent's chunk. */
function agentChunkAsked(page: Page): Promise<void> {
  return new Promise((resolve) => page.on('request', (request) => AGENT_CHUNK.test(request.url()) && resolve()));
}

test("arriving at /chat signed in, the agent's chunk is asked for without waiting for the trading page", async ({
  page,
}) => {
  await registerViaApi(page, newUser('agent-preload'));
  const asked = agentChunkAsked(page);
  // The trading page's chunk is held until the agent's has been asked for (10 s at most). Left to the page, the
  // agent's chunk would be asked for only once the trading page had rendered, so never while it is held; the route's
  // loader asks for it as soon as the sign-in check answers.
  let askedFirst = false;
  await page.route(/\/assets\/TradingRouteView-[\w-]+\.js$/, async (route) => {
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
    askedFirst = await Promise.race([asked.then(() => true), timeout]);
    await route.continue();
  });
  await page.goto('/chat');
  await expect(agent(page)).toBeVisible({ timeout: AGENT_ARRIVAL_TIMEOUT_MS });
  expect(askedFirst).toBe(true);
});

test("arriving at /chat signed out leads to sign-in without loading the agent's chunk", async ({ page }) => {
  let asked = false;
  void agentChunkAsked(page).then(() => (asked = true));
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toBe(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the agent fills the screen and works at 390 px', async ({ page }) => {
    await registerViaApi(page, newUser('agent-mobile'));
    await page.goto('/trading?symbol=QQQ');
    await page.getByRole('button', { name: 'AI agent' }).click();
    await expect(agent(page)).toBeVisible();
    // Full screen once the opening transition has settled.
    await expect.poll(async () => (await agent(page).boundingBox())?.width).toBeGreaterThanOrEqual(389);
    await agent(page).getByRole('button', { name: "What's the outlook for QQQ?" }).click();
    await expect(agent(page).getByTestId('assistant-message')).toContainText('Invesco QQQ Trust (QQQ)');
    await expect(input(page)).toBeInViewport();
    await expect(agent(page).getByText('Daily limit: 10 messages per day for all users.')).toBeInViewport();
    const overflow = await agent(page).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await agent(page).getByRole('button', { name: 'History' }).click();
    await expect(agent(page).getByTestId('conversation')).toHaveCount(1);
  });
});
