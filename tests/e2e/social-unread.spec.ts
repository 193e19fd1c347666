import { expect, test } from '@playwright/test';
import { befriend, personIn, say } from './socialPeople';

/**
 * Issue 18: messages reach a signed-in person on every page. One that arrives elsewhere in the app counts on the
 * header's Social link and in the tab's title, until it is read; the conversation on screen gets no toast. On a
 * phone, the composer is in view as soon as a conversation opens.
 */

test('a message that arrives on another page counts on the Social link and in the title until it is read', async ({
  browser,
}) => {
  const ada = await personIn(browser, 'unread-ada', 'Adaline');
  const bob = await personIn(browser, 'unread-bob', 'Peregrine');
  await befriend(ada, bob);
  const { page } = ada;
  await page.goto('/portfolio');
  await expect(page).toHaveTitle('Portfolio · Tickwise');
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('social-unread');
  await expect(badge).toHaveCount(0);
  // The app-wide feed is connected once the friend list (the unread counts it keeps) has loaded.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('social.friends'))),
    )
    .toBe(true);

  await say(bob, ada, 'first');
  await expect(badge).toHaveText('1');
  await expect(page).toHaveTitle('(1) Portfolio · Tickwise');
  await expect(page.locator('[data-toast="true"]')).toContainText('Peregrine: first');
  await say(bob, ada, 'second');
  await expect(badge).toHaveText('2');
  await expect(page).toHaveTitle('(2) Portfolio · Tickwise');

  // Reading the conversation clears both.
  await page.getByRole('link', { name: 'Social, 2 unread' }).click();
  await expect(page).toHaveTitle('(2) Social Hub · Tickwise');
  await page.getByRole('button', { name: 'Message Peregrine Lovelace' }).click();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(badge).toHaveCount(0);
  await expect(page).toHaveTitle('Social Hub · Tickwise');

  // A message in the conversation on screen is simply shown: no toast over it, nothing unread.
  const newMessageToasts = page.locator('[data-toast="true"]').filter({ hasText: 'New message' });
  await expect(newMessageToasts).toHaveCount(0);
  await say(bob, ada, 'third');
  await expect(page.getByTestId('message').filter({ hasText: 'third' })).toBeVisible();
  await expect(newMessageToasts).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  await expect(page).toHaveTitle('Social Hub · Tickwise');
});

test('on a phone, the composer is in view as soon as a conversation opens', async ({ browser }) => {
  const ada = await personIn(browser, 'phone-ada', 'Adaline', { width: 390, height: 844 });
  const bob = await personIn(browser, 'phone-bob', 'Peregrine');
  await befriend(ada, bob);
  for (let i = 1; i <= 12; i += 1) await say(bob, ada, `message number ${i}`);
  const { page } = ada;
  await page.goto('/social');
  await page.getByRole('button', { name: 'Message Peregrine Lovelace' }).click();
  await expect(page.getByTestId('message')).toHaveCount(12);
  await expect(page.getByTestId('message-input')).toBeInViewport();
  await expect(page.getByTestId('message').last()).toBeInViewport();
});
