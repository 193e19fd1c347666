import { expect } from 'vitest';
import { Browser, sessionCookieOf, signUp, uniqueEmail } from './auth-helpers';

/** People for the social hub's API tests: each one a browser at its own address, signed up and signed in. */

export interface Person {
  browser: Browser;
  id: string;
  email: string;
  username: string;
  firstName: string;
  /** "tickwise_session=..." for opening sockets as this person. */
  cookie: string;
}

let counter = 0;

/** A fresh account; names are unique per call so prefix searches find exactly who a test means. */
export async function person(
  baseUrl: string,
  firstName = `Pat${++counter}x${process.pid}`,
  lastName = 'Tester',
): Promise<Person> {
  const browser = new Browser(baseUrl);
  const email = uniqueEmail(firstName.toLowerCase());
  const { user, res } = await signUp(browser, email, { firstName, lastName });
  return { browser, id: user.id, email, username: user.username, firstName, cookie: sessionCookieOf(res.headers) };
}

/** `a` asks by email, `b` accepts: they are friends. */
export async function befriend(a: Person, b: Person): Promise<void> {
  const sent = await a.browser.post('/api/friend-requests/send', { username: b.email });
  expect(sent.status, sent.text).toBe(200);
  const accepted = await b.browser.post(`/api/friend-requests/${sent.json.request.id}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
}

export function sendText(from: Person, to: Person, content: string) {
  return from.browser.post('/api/direct-messages/send', { receiverId: to.id, content, messageType: 'text' });
}
