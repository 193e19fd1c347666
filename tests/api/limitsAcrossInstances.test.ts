import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_SEARCH_RATE } from '../../src/shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../src/shared/social/messages';
import { startTestServer, testDialect, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { person, type Person } from './social-helpers';

/**
 * Issue 20: a shared per-user limit (the user search's) holds across instances on one PostgreSQL database. On
 * SQLite, two servers on one file are not a supported scale-out (one process per file): there each server counts
 * for itself, and that is what is asserted.
 */

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer({ TRUST_PROXY: '1' });
  second = await startTestServer({
    TRUST_PROXY: '1',
    DATABASE_URL: first.deps.config.DATABASE_URL ?? '',
    DATABASE_PATH: first.deps.config.DATABASE_PATH,
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** The same signed-in person (same session, same address) on either server. */
function on(server: TestServer, me: Person): (q: string) => ReturnType<Browser['get']> {
  const browser = new Browser(server.url, me.browser.ip);
  return (q) => browser.get(`/api/users/search?q=${q}`, { cookie: me.cookie });
}

describe('the user search budget on two servers sharing one database', () => {
  it(
    testDialect === 'postgres'
      ? `is ${USER_SEARCH_RATE.max} a minute for both servers together, also when the searches arrive at once`
      : `is ${USER_SEARCH_RATE.max} a minute on each server (SQLite: one process per file)`,
    async () => {
      const me = await person(first.url);
      const searchOn = [on(first, me), on(second, me)];
      const extra = 6;
      const answers = await Promise.all(
        Array.from({ length: USER_SEARCH_RATE.max + extra }, (_, i) => searchOn[i % 2](`pat${i}`)),
      );
      const statuses = answers.map((r) => r.status);
      // Half of the searches went to each server; every one is served or refused, none fails.
      expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);

      if (testDialect === 'postgres') {
        expect(statuses.filter((s) => s === 200)).toHaveLength(USER_SEARCH_RATE.max);
        expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
        expect(answers.find((r) => r.status === 429)!.json).toEqual({ message: M.searchTooFast });
        // Spent on both servers, whichever the next search reaches.
        for (const search of searchOn) expect((await search('pat')).status).toBe(429);
      } else {
        // Each server counted its own half.
        const half = (USER_SEARCH_RATE.max + extra) / 2;
        expect(statuses.filter((s) => s === 200)).toHaveLength(USER_SEARCH_RATE.max + extra);
        const rest = await Promise.all(
          Array.from({ length: USER_SEARCH_RATE.max - half + 1 }, (_, i) => searchOn[0](`more${i}`)),
        );
        expect(rest.filter((r) => r.status === 200)).toHaveLength(USER_SEARCH_RATE.max - half);
        expect(rest.filter((r) => r.status === 429).map((r) => r.json)).toEqual([{ message: M.searchTooFast }]);
      }
      // Another user's budget is their own, on either server.
      const other = await person(first.url);
      expect((await on(second, other)('pat')).status).toBe(200);
    },
  );
});
