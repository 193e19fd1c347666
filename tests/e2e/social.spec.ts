import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newUser, registerViaApi, type TestUser } from './support';

/**
 * The social hub in the browser (issue 11), as two people in two browser contexts: search, request, accept, chat in
 * real time both ways, unread counts, share an AI insight; a failed send; the daily limit on insights; the screen's
 * accessibility in both themes at desktop and phone widths.
 */

test.use({ viewport: { width: 1440, height: 900 } });

interface Person {
  page: Page;
  user: TestUser;
}

async function personIn(browser: Browser, tag: string, firstName: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(tag, firstName);
  await registerViaApi(page, user);
  return { page, user };
}

async function openSocial(page: Page) {
  await page.goto('/social');
  await expect(page).toHaveTitle('Social Hub · Tickwise');
  await expect(page.getByTestId('realtime-status')).toContainText('Real-time messaging active');
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

/** `from` finds `to` by email and asks; `to` accepts on the Requests tab. */
async function befriendViaApi(from: Person, to: Person) {
  const sent = await from.page.request.post('/api/friend-requests/send', { data: { username: to.user.email } });
  expect(sent.status()).toBe(200);
  const { request } = await sent.json();
  expect((await to.page.request.post(`/api/friend-requests/${request.id}/accept`)).status()).toBe(200);
}

test('two people: search, request, accept, chat both ways in real time with unread counts, and share an insight', async ({ browser }) => {
  test.setTimeout(90_000);
  const ada = await personIn(browser, 'social-ada', 'Adaline');
  const bob = await personIn(browser, 'social-bob', 'Bartholomew');
  await openSocial(ada.page);
  await openSocial(bob.page);
  await expect(tab(bob.page, /^Requests \(0\)/)).toBeVisible();
  await bob.page.getByRole('tab', { name: /Requests/ }).click();
  await expect(bob.page.getByTestId('no-requests')).toContainText('No pending requests');

  // Ada searches: one character is not enough; a name prefix shows no email.
  await expect(ada.page.getByTestId('no-friends')).toContainText('No friends yet');
  const search = ada.page.getByRole('textbox', { name: 'Find people' });
  await search.fill('B');
  await expect(ada.page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await search.fill('Bartholomew');
  const hit = ada.page.getByTestId('search-result').filter({ hasText: 'Bartholomew Lovelace' });
  await expect(hit).toBeVisible();
  await expect(hit).not.toContainText('@example.com');
  await search.fill(bob.user.email);
  await expect(hit).toContainText(bob.user.email);
  await hit.getByRole('button', { name: 'Add Bartholomew Lovelace as a friend' }).click();
  await expect(ada.page.getByText('Friend request sent!')).toBeVisible();
  await expect(hit.getByText('Request sent')).toBeVisible();

  // Bob's Requests tab fills in live; he accepts; both friend lists follow without a reload.
  await expect(tab(bob.page, /^Requests \(1\)/)).toBeVisible();
  const request = bob.page.getByTestId('request-row');
  await expect(request).toContainText('Adaline Lovelace');
  await expect(request).toContainText(ada.user.email);
  await request.getByRole('button', { name: 'Accept friend request from Adaline Lovelace' }).click();
  await expect(bob.page.getByText('Friend request accepted!')).toBeVisible();
  await expect(tab(bob.page, /^Requests \(0\)/)).toBeVisible();
  await expect(tab(bob.page, /^Friends \(1\)/)).toBeVisible();
  await expect(tab(ada.page, /^Friends \(1\)/)).toBeVisible();

  // The filter matches name, email and username.
  const filter = ada.page.getByRole('textbox', { name: 'Filter friends by name, email or username' });
  await filter.fill('nobody-like-this');
  await expect(ada.page.getByText('No friends match “nobody-like-this”.')).toBeVisible();
  await filter.fill(bob.user.email.slice(0, 12));
  await expect(ada.page.getByTestId('friend-row')).toHaveCount(1);
  await filter.fill('');

  // Ada writes; Bob, on another tab, gets a toast and unread counts on the tab and the friend list.
  await bob.page.getByRole('tab', { name: /Friends/ }).click();
  await ada.page.getByRole('button', { name: 'Message Bartholomew Lovelace' }).click();
  await expect(ada.page.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
  const adaInput = ada.page.getByRole('textbox', { name: 'Message Bartholomew' });
  await adaInput.fill('Hello Bob, seen NVDA today?');
  await adaInput.press('Enter');
  await expect(adaInput).toHaveValue('');
  await expect(ada.page.getByTestId('message').filter({ hasText: 'Hello Bob, seen NVDA today?' })).toBeVisible();
  await expect(bob.page.getByText('New message')).toBeVisible();
  await expect(bob.page.getByTestId('messages-tab-unread')).toHaveText('1');
  await expect(bob.page.getByTestId('friend-row').getByLabel('1 unread')).toBeVisible();

  // Bob opens the conversation: the message is there and the counts clear.
  await bob.page.getByRole('tab', { name: /Messages/ }).click();
  await expect(bob.page.getByTestId('no-conversation')).toContainText('Select a friend to start chatting');
  await bob.page.getByTestId('conversation-friend').filter({ hasText: 'Adaline' }).click();
  await expect(bob.page.getByTestId('message').filter({ hasText: 'Hello Bob, seen NVDA today?' })).toBeVisible();
  await expect(bob.page.getByTestId('messages-tab-unread')).toHaveCount(0);

  // Bob answers on two lines (Shift+Enter); Ada, with the conversation open, sees it live and it counts as read.
  const bobInput = bob.page.getByRole('textbox', { name: 'Message Adaline' });
  await bobInput.fill('Yes!');
  await bobInput.press('Shift+Enter');
  await bobInput.pressSequentially('Up again.');
  await expect(bobInput).toHaveValue('Yes!\nUp again.');
  await bobInput.press('Enter');
  const reply = ada.page.getByTestId('message').filter({ hasText: 'Up again.' });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Yes!\nUp again.');
  await expect(ada.page.getByTestId('messages-tab-unread')).toHaveCount(0);
  await expect(ada.page.getByTestId('message')).toHaveCount(2);
  await expect(bob.page.getByTestId('message')).toHaveCount(2);

  // Ada shares an AI insight: the Financial Agent answers, the card shows question, answer, sources and time.
  await ada.page.getByRole('button', { name: 'Generate AI Insight' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'Generate AI Insight' });
  await expect(dialog.getByRole('button', { name: 'Generate & Share' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Question' }).fill('How volatile is TSLA?');
  await dialog.getByRole('button', { name: 'Generate & Share' }).click();
  await expect(ada.page.getByText('Insight generated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const page of [ada.page, bob.page]) {
    const card = page.getByTestId('insight-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('insight-question')).toHaveText('Q: How volatile is TSLA?');
    await expect(card.getByTestId('answer-markdown')).toContainText('TSLA');
    await expect(card.getByTestId('insight-sources')).toContainText('Simulated market');
    await expect(card).toContainText('Generated');
  }
  await expect(ada.page.getByTestId('insight-card')).toContainText('You shared');
  await expect(bob.page.getByTestId('insight-card')).toContainText('Adaline shared');
  // The answer went in as one insight message, not a copy of the footer.
  await expect(bob.page.getByTestId('insight-card').getByTestId('answer-markdown')).not.toContainText('Sources:');

  await ada.page.context().close();
  await bob.page.context().close();
});

test('a message that cannot be sent is taken back with "Failed to send message"', async ({ browser }) => {
  const ada = await personIn(browser, 'social-fail-a', 'Adaline');
  const bob = await personIn(browser, 'social-fail-b', 'Bobbert');
  await befriendViaApi(ada, bob);
  await openSocial(ada.page);
  await ada.page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();
  // The server refuses the send (as when the network drops mid-request).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await ada.page.route('**/trpc/social.sendMessage**', async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify([{ error: { json: { message: 'Service unavailable', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 503 } } } }]) });
  });
  const input = ada.page.getByRole('textbox', { name: 'Message Bobbert' });
  await input.fill('This one will not arrive');
  await input.press('Enter');
  // Shown at once while on its way...
  await expect(ada.page.getByTestId('pending-message').filter({ hasText: 'This one will not arrive' })).toContainText('Sending…');
  release();
  // ...and removed when it fails.
  await expect(ada.page.getByText('Failed to send message')).toBeVisible();
  await expect(ada.page.getByText('This one will not arrive')).toHaveCount(0);
  await ada.page.unroute('**/trpc/social.sendMessage**');
  await input.fill('This one does');
  await input.press('Enter');
  await expect(ada.page.getByTestId('message').filter({ hasText: 'This one does' })).toBeVisible();
  await ada.page.context().close();
  await bob.page.context().close();
});

test('past the daily limit, Generate & Share opens the Usage Limit Reached popup', async ({ browser }) => {
  test.setTimeout(60_000);
  const ada = await personIn(browser, 'social-limit-a', 'Adaline');
  const bob = await personIn(browser, 'social-limit-b', 'Bobbert');
  await befriendViaApi(ada, bob);
  for (let i = 0; i < 10; i++) expect((await ada.page.request.post('/api/chat', { data: { message: 'What is SPY trading at?' } })).status()).toBe(200);
  await openSocial(ada.page);
  await ada.page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();
  await ada.page.getByRole('button', { name: 'Generate AI Insight' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'Generate AI Insight' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill('How volatile is TSLA?');
  await dialog.getByRole('button', { name: 'Generate & Share' }).click();
  const popup = ada.page.getByRole('dialog', { name: 'Usage Limit Reached' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('10/10 Messages');
  await expect(ada.page.getByTestId('insight-card')).toHaveCount(0);
  await ada.page.context().close();
  await bob.page.context().close();
});

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1440, 390]) {
    test(`the social screen passes axe checks in the ${theme} theme at ${width} px (friends, requests, a conversation with an insight)`, async ({ browser }) => {
      test.setTimeout(60_000);
      const ada = await personIn(browser, `social-axe-a-${theme}-${width}`, 'Adaline');
      const bob = await personIn(browser, `social-axe-b-${theme}-${width}`, 'Bobbert');
      const cleo = await personIn(browser, `social-axe-c-${theme}-${width}`, 'Cleo');
      await befriendViaApi(ada, bob);
      expect((await cleo.page.request.post('/api/friend-requests/send', { data: { username: ada.user.email } })).status()).toBe(200);
      const insight = await (await bob.page.request.post('/api/ai/insight', { data: { question: 'How volatile is TSLA?' } })).json();
      await bob.page.request.post('/api/direct-messages/send', {
        data: { receiverId: (await (await ada.page.request.get('/api/auth/user')).json()).id, content: 'Look at this', messageType: 'text' },
      });
      const adaId = (await (await ada.page.request.get('/api/auth/user')).json()).id;
      await bob.page.request.post('/api/direct-messages/send', {
        data: { receiverId: adaId, content: insight.content.split('\n\n---\n')[0], messageType: 'insight', metadata: { question: 'How volatile is TSLA?', generatedAt: new Date().toISOString(), sources: insight.sources } },
      });

      const page = ada.page;
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
      await openSocial(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      const check = async (what: string) => {
        // Colour contrast is the theme's (dimmed text, the primary colour's variants): issue 8 sets the theme's colours
        // for AA and runs axe's contrast rule on every route, /social included. Everything else is checked here.
        const results = await new AxeBuilder({ page }).include('main').disableRules(['color-contrast']).analyze();
        expect(results.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      };
      await expect(page.getByTestId('friend-row')).toHaveCount(1);
      await check('friends');
      await page.screenshot({ path: `/tmp/social-shots/friends-${theme}-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: /Requests/ }).click();
      await expect(page.getByTestId('request-row')).toHaveCount(1);
      await check('requests');
      await page.screenshot({ path: `/tmp/social-shots/requests-${theme}-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: /Messages/ }).click();
      await page.getByTestId('conversation-friend').filter({ hasText: 'Bobbert' }).click();
      await expect(page.getByTestId('insight-card')).toBeVisible();
      await expect(page.getByTestId('insight-sources')).toBeVisible();
      await check('conversation');
      await page.screenshot({ path: `/tmp/social-shots/conversation-${theme}-${width}.png`, fullPage: true });
      for (const p of [ada, bob, cleo]) await p.page.context().close();
    });
  }
}

test('signing in on a page whose live-quotes socket opened signed out: the socket reopens as the user', async ({ page }) => {
  const user = newUser('social-follow', 'Adaline');
  await registerViaApi(page, user);
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  const sockets: Array<{ url: string; closed: boolean }> = [];
  page.on('websocket', (ws) => {
    const entry = { url: ws.url(), closed: false };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = true));
  });
  const askedOverHttp: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/chat.ask')) askedOverHttp.push(request.url());
  });

  // The live chart opens the shared websocket signed out.
  await page.goto('/trading?symbol=AAPL');
  await expect(page.getByRole('figure', { name: 'AAPL price chart, 1D' })).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => sockets.filter((s) => s.url.endsWith('/trpc')).length).toBe(1);

  // Sign in within the socket's 10 s linger: the app closes the signed-out socket...
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect.poll(() => sockets[0].closed).toBe(true);

  // ...so the agent's answer streams over a socket opened as the user, without the plain-HTTP fallback.
  await page.getByRole('link', { name: 'AI Chat' }).click();
  const agent = page.getByRole('dialog', { name: 'Financial Agent' });
  await agent.getByRole('button', { name: 'How volatile is SPY?' }).click();
  await expect(agent.getByTestId('assistant-message')).toContainText('Annualized volatility');
  expect(askedOverHttp).toEqual([]);
  expect(sockets.filter((s) => s.url.endsWith('/trpc')).length).toBeGreaterThanOrEqual(2);

  // And the social hub's subscription runs as the user too.
  await page.keyboard.press('Escape');
  await expect(agent).toBeHidden();
  await page.getByRole('link', { name: 'Social' }).first().click();
  await expect(page.getByTestId('realtime-status')).toContainText('Real-time messaging active');
});

test('rejecting a request, and a request the server refuses, each have their toast', async ({ browser }) => {
  const ada = await personIn(browser, 'social-reject-a', 'Adaline');
  const bob = await personIn(browser, 'social-reject-b', 'Bobbert');
  const cleo = await personIn(browser, 'social-reject-c', 'Cleopatra');
  expect((await cleo.page.request.post('/api/friend-requests/send', { data: { username: ada.user.email } })).status()).toBe(200);
  await openSocial(ada.page);
  await ada.page.getByRole('tab', { name: /Requests/ }).click();
  await ada.page.getByRole('button', { name: 'Reject friend request from Cleopatra Lovelace' }).click();
  await expect(ada.page.getByText('Friend request rejected')).toBeVisible();
  await expect(ada.page.getByTestId('no-requests')).toBeVisible();

  // The search answer is kept 5 minutes; meanwhile the request was sent from elsewhere, so the server refuses this one.
  await ada.page.getByRole('tab', { name: /Friends/ }).click();
  await ada.page.getByRole('textbox', { name: 'Find people' }).fill(bob.user.email);
  const hit = ada.page.getByTestId('search-result');
  await expect(hit).toContainText('Bobbert Lovelace');
  expect((await ada.page.request.post('/api/friend-requests/send', { data: { username: bob.user.email } })).status()).toBe(200);
  await hit.getByRole('button', { name: 'Add Bobbert Lovelace as a friend' }).click();
  // The rejection toast may still be leaving while the new one comes in.
  const toast = ada.page.locator('[data-toast]').filter({ hasText: 'Friend request already sent' });
  await expect(toast).toContainText('Error');
  for (const p of [ada, bob, cleo]) await p.page.context().close();
});

test('messages and insights from others are shown as text: no markup, no script, no javascript: links', async ({ browser }) => {
  const ada = await personIn(browser, 'social-xss-a', 'Adaline');
  const bob = await personIn(browser, 'social-xss-b', 'Bobbert');
  await befriendViaApi(ada, bob);
  const adaId = (await (await ada.page.request.get('/api/auth/user')).json()).id;
  const hostile = '<img src=x onerror="window.__pwned=1"><b>bold?</b>';
  expect((await bob.page.request.post('/api/direct-messages/send', { data: { receiverId: adaId, content: hostile } })).status()).toBe(201);
  expect(
    (
      await bob.page.request.post('/api/direct-messages/send', {
        data: {
          receiverId: adaId,
          content: 'Read [this](javascript:window.__pwned=2) <script>window.__pwned=3</script> <img src=x onerror="window.__pwned=4">',
          messageType: 'insight',
          metadata: { question: '<img src=x onerror="window.__pwned=5">', generatedAt: new Date().toISOString() },
        },
      })
    ).status(),
  ).toBe(201);
  await openSocial(ada.page);
  await ada.page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();
  const conversation = ada.page.getByTestId('conversation');
  await expect(conversation.getByTestId('message').first()).toContainText(hostile);
  const card = conversation.getByTestId('insight-card');
  await expect(card).toContainText('Q: <img src=x onerror="window.__pwned=5">');
  await expect(conversation.locator('img, script, b')).toHaveCount(0);
  await expect(card.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await ada.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  for (const p of [ada, bob]) await p.page.context().close();
});
