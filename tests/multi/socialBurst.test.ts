import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DirectMessage, SpecSocketServerMessage } from '../../src/shared/social/types';
import { Browser } from '../api/auth-helpers';
import { befriend, person, type Person } from '../api/social-helpers';
import { createDatabase, type TestDatabase } from '../helpers/postgres';
import { startInstance, type Instance } from '../helpers/instances';
import { openSocket, rawText, TrpcSocket } from '../helpers/sockets';

/**
 * Issue 29 §2 under load: two instances on one PostgreSQL, a ring of friends each with a `/ws` socket on one instance
 * and a `social.messages` subscription on the other, and bursts of messages each POSTed to either instance at once.
 * Wake-ups then arrive locally and over NOTIFY, merged and late, while feeds are reading: every socket gets each of
 * its messages exactly once, in order. And no instance prints pg's warning about a query handed to a busy connection.
 */

const USERS = 12;
const ROUNDS = 3;
/** Messages each user sends its ring neighbour per round, all at once. */
const PER_ROUND = 4;
const PG_BUSY_WARNING = 'already executing a query';

let database: TestDatabase;
let instances: Instance[];

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  const settings = {
    DATABASE_URL: database.url,
    APP_SECRET: 'multi-instance-secret-multi-instance-0123',
    TRUST_PROXY: 'loopback',
  };
  // The first applies the migrations; the second starts on a migrated database.
  instances = [await startInstance(settings)];
  instances.push(await startInstance(settings));
}, 60_000);

afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
  await database?.drop();
});

/** The person's session, its requests sent to `instance` (a balancer may send any request anywhere). */
function at(instance: Instance, who: Person): Browser {
  const tab = new Browser(instance.url, who.browser.ip);
  const request = tab.request.bind(tab);
  tab.request = (method, path, body, headers = {}) => request(method, path, body, { cookie: who.cookie, ...headers });
  return tab;
}

async function specSocket(instance: Instance, who: Person) {
  const upgrade = await openSocket(instance.url, '/ws', {
    cookie: who.cookie,
    headers: { 'x-forwarded-for': who.browser.ip },
  });
  if (upgrade.kind !== 'open') throw new Error(`/ws refused: ${upgrade.status}`);
  const frames: SpecSocketServerMessage[] = [];
  upgrade.ws.on('message', (raw) => frames.push(JSON.parse(rawText(raw)) as SpecSocketServerMessage));
  upgrade.ws.send(JSON.stringify({ type: 'authenticate', userId: who.id }));
  await vi.waitFor(() => expect(frames.some((f) => f.type === 'authenticated')).toBe(true), { timeout: 5_000 });
  return {
    ws: upgrade.ws,
    ids: () => frames.flatMap((f) => (f.type === 'new_message' ? [f.message.id] : [])),
  };
}

describe('bursts of messages over two instances', () => {
  it('reach every /ws socket and every subscription exactly once, in order; no instance warns of a busy connection', async () => {
    const people: Person[] = [];
    for (let i = 0; i < USERS; i++) people.push(await person(instances[i % 2].url));
    for (let i = 0; i < USERS; i++) await befriend(people[i], people[(i + 1) % USERS]);

    const sockets = await Promise.all(people.map((who, i) => specSocket(instances[i % 2], who)));
    const feeds = await Promise.all(
      people.map(async (who, i) => {
        const socket = await TrpcSocket.open(instances[(i + 1) % 2].url, {
          cookie: who.cookie,
          headers: { 'x-forwarded-for': who.browser.ip },
        });
        const feed = socket.subscribe('social.messages', {});
        expect((await feed.outcome).ok).toBe(true);
        return { socket, feed };
      }),
    );

    const sent: DirectMessage[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const burst = people.flatMap((from, i) =>
        Array.from({ length: PER_ROUND }, async (_, k) => {
          const res = await at(instances[(i + k + round) % 2], from).post('/api/direct-messages/send', {
            receiverId: people[(i + 1) % USERS].id,
            content: `round ${round} #${k} from ${i}`,
            messageType: 'text',
          });
          expect(res.status, res.text).toBe(201);
          sent.push(res.json as DirectMessage);
        }),
      );
      await Promise.all(burst);
    }

    const expected = (userId: string, sentToo: boolean) =>
      sent
        .filter((m) => m.receiverId === userId || (sentToo && m.senderId === userId))
        .map((m) => m.id)
        .sort((a, b) => a - b);
    const trackedIds = (feed: (typeof feeds)[number]['feed']) =>
      (feed.data as Array<{ data: { type: string; message?: { id: number } } }>).flatMap((e) =>
        e.data.type === 'new_message' && e.data.message ? [e.data.message.id] : [],
      );
    await vi.waitFor(
      () => {
        people.forEach((who, i) => {
          expect(sockets[i].ids().length).toBeGreaterThanOrEqual(expected(who.id, false).length);
          expect(trackedIds(feeds[i].feed).length).toBeGreaterThanOrEqual(expected(who.id, true).length);
        });
      },
      { timeout: 15_000, interval: 50 },
    );
    // Once each has at least what it should, each has exactly that: nothing twice, nothing out of order.
    people.forEach((who, i) => {
      expect(sockets[i].ids(), `/ws of user ${i}`).toEqual(expected(who.id, false));
      expect(trackedIds(feeds[i].feed), `social.messages of user ${i}`).toEqual(expected(who.id, true));
    });
    for (const { ws } of sockets) ws.close();
    for (const { socket } of feeds) socket.close();

    for (const instance of instances) expect(instance.output()).not.toContain(PG_BUSY_WARNING);
  }, 120_000);
});
