import { expect, type Browser, type Page } from '@playwright/test';
import { newUser, registerViaApi, type TestUser } from './support';

/** People of the social stories: each in a browser context of their own, signed in, with their id. */

export interface Person {
  page: Page;
  user: TestUser;
  id: string;
}

export async function personIn(
  browser: Browser,
  tag: string,
  firstName: string,
  viewport = { width: 1440, height: 900 },
): Promise<Person> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const user = newUser(tag, firstName);
  await registerViaApi(page, user);
  const me = await (await page.request.get('/api/auth/user')).json();
  return { page, user, id: me.id as string };
}

/** `from` asks `to` by email; `to` accepts. */
export async function befriend(from: { page: Page; user: TestUser }, to: { page: Page; user: TestUser }) {
  const sent = await from.page.request.post('/api/friend-requests/send', { data: { username: to.user.email } });
  expect(sent.status()).toBe(200);
  const { request } = await sent.json();
  expect((await to.page.request.post(`/api/friend-requests/${request.id}/accept`)).status()).toBe(200);
}

export async function say(from: Person, to: Person, content: string) {
  expect(
    (await from.page.request.post('/api/direct-messages/send', { data: { receiverId: to.id, content } })).status(),
  ).toBe(201);
}
