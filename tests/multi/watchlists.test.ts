import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Browser } from '../api/auth-helpers';
import { person, type Person } from '../api/social-helpers';
import { knownSymbols } from '../api/watchlist-helpers';
import { POPULAR_LIST_NAME, MAX_SYMBOLS_PER_WATCHLIST } from '../../src/shared/watchlists/limits';
import type { WatchlistLiveEvent } from '../../src/shared/watchlists/types';
import { createDatabase, type TestDatabase } from '../helpers/postgres';
import { startInstance, type Instance } from '../helpers/instances';
import { TrpcSocket } from '../helpers/sockets';

/**
 * Issue 30 §1 and §4 across two Tickwise processes on one PostgreSQL: a list edited on one is read on the other, the
 * popular list and the limits hold whichever instance each request reaches, and a list's live rows on one instance
 * hear of a change made on the other (the bus's `watchlist.changed` over LISTEN/NOTIFY).
 */

let database: TestDatabase;
let one: Instance;
let two: Instance;
const sockets: TrpcSocket[] = [];

const settings = (url: string) => ({
  DATABASE_URL: url,
  APP_SECRET: 'multi-instance-secret-multi-instance-0123',
  TRUST_PROXY: 'loopback',
});

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  one = await startInstance(settings(database.url));
  two = await startInstance(settings(database.url));
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.drop();
});

/** The same person, their session cookie sent to `instance` (a browser whose next request went elsewhere). */
function at(instance: Instance, who: Person): Browser {
  const tab = new Browser(instance.url, who.browser.ip);
  const request = tab.request.bind(tab);
  tab.request = (method, path, body, headers = {}) => request(method, path, body, { cookie: who.cookie, ...headers });
  return tab;
}

describe('watchlists on two instances', () => {
  it('read on one what was edited on the other', async () => {
    const ada = await person(one.url);
    const created = await at(one, ada).post('/api/watchlists', { name: 'Across', symbols: ['KO'] });
    expect(created.status).toBe(201);
    expect((await at(two, ada).post(`/api/watchlists/${created.json.id}/symbols`, { symbol: 'PEP' })).status).toBe(201);
    expect(
      (await at(one, ada).put(`/api/watchlists/${created.json.id}/order`, { symbols: ['PEP', 'KO'] })).status,
    ).toBe(200);
    const [fromOne, fromTwo] = await Promise.all([one, two].map((i) => at(i, ada).get('/api/watchlists')));
    expect(fromOne.json).toEqual(fromTwo.json);
    expect(fromTwo.json.map((l: { name: string; symbols: string[] }) => [l.name, l.symbols])).toEqual([
      [POPULAR_LIST_NAME, expect.any(Array)],
      ['Across', ['PEP', 'KO']],
    ]);
  });

  it('make the popular list once when the first reads arrive at both together', async () => {
    const bob = await person(one.url);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => at(i % 2 ? two : one, bob).get('/api/watchlists')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    expect(new Set(answers.flatMap((a) => a.json.map((l: { id: string }) => l.id))).size).toBe(1);
  });

  it('hold the symbol limit when adds past it are spread over both', async () => {
    const cleo = await person(one.url);
    const created = await at(one, cleo).post('/api/watchlists', { name: 'Nearly full', symbols: knownSymbols(194) });
    const extra = knownSymbols(14, 194);
    const answers = await Promise.all(
      extra.map((symbol, i) =>
        at(i % 2 ? two : one, cleo).post(`/api/watchlists/${created.json.id}/symbols`, { symbol }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_SYMBOLS_PER_WATCHLIST - 194);
    const list = (await at(two, cleo).get(`/api/watchlists`)).json.find(
      (l: { id: string }) => l.id === created.json.id,
    );
    expect(list.symbols).toHaveLength(MAX_SYMBOLS_PER_WATCHLIST);
  });

  it('send a list’s live rows on one instance the change made on the other, within a second', async () => {
    const dan = await person(one.url);
    const created = await at(one, dan).post('/api/watchlists', { name: 'Live across', symbols: ['AAPL'] });
    const id = created.json.id as string;
    const socket = await TrpcSocket.open(two.url, { cookie: dan.cookie });
    sockets.push(socket);
    const sub = socket.subscribe('watchlists.live', { id });
    expect((await sub.outcome).ok).toBe(true);
    const lists = () => (sub.data as WatchlistLiveEvent[]).filter((e) => e.type === 'list');
    await vi.waitFor(() => expect(lists()).toHaveLength(1), { timeout: 5_000 });

    const changed = Date.now();
    expect((await at(one, dan).post(`/api/watchlists/${id}/symbols`, { symbol: 'MSFT' })).status).toBe(201);
    await vi.waitFor(() => expect(lists()).toHaveLength(2), { timeout: 2_000, interval: 10 });
    expect(Date.now() - changed).toBeLessThan(1_000);
    const latest = lists()[1];
    if (latest.type !== 'list') throw new Error('not a list event');
    expect(latest.watchlist.symbols).toEqual(['AAPL', 'MSFT']);
    expect(latest.watchlist.rows.map((r) => r.symbol)).toEqual(['AAPL', 'MSFT']);

    expect((await at(one, dan).delete(`/api/watchlists/${id}`)).status).toBe(200);
    await vi.waitFor(() => expect((sub.data as WatchlistLiveEvent[]).at(-1)).toEqual({ type: 'deleted', id }), {
      timeout: 2_000,
    });
  });

  it('answer the same calendar on both', async () => {
    const eve = await person(one.url);
    await at(two, eve).post('/api/watchlists', { name: 'Payers', symbols: ['KO', 'JNJ'] });
    const [a, b] = await Promise.all(
      [one, two].map((i) => at(i, eve).get('/api/calendar?from=2026-01-01&to=2026-12-31')),
    );
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(a.json.events.some((e: { symbol: string; watched: boolean }) => e.symbol === 'KO' && e.watched)).toBe(true);
  });
});
