import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { person } from '../api/social-helpers';
import { createDatabase, type TestDatabase } from '../helpers/postgres';
import { startInstance, type Instance } from '../helpers/instances';
import { TrpcSocket } from '../helpers/sockets';

/**
 * A live feed delivers everything stored after the client hears "started" (issue 30 §3). A fresh subscription starts
 * after the newest notification; that read once ran inside the stream, after "started" had gone out, so a notification
 * stored in between counted as older than the subscription and was never delivered (seen once in
 * instances.test.ts under load). Here the gap is held open on purpose: a second connection locks the notifications
 * table, so the server's read of the newest id waits until this test has stored one and committed.
 */

let database: TestDatabase;
let server: Instance;

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  server = await startInstance({
    DATABASE_URL: database.url,
    APP_SECRET: 'feed-start-secret-feed-start-secret-0123',
    TRUST_PROXY: 'loopback',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('notifications.live', () => {
  it('delivers a notification stored after "started", even when the start is read late', async () => {
    const ada = await person(server.url);
    const socket = await TrpcSocket.open(server.url, { cookie: ada.cookie });
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table notifications in access exclusive mode');
      let stored = false;
      let startedBeforeStore = false;
      const live = socket.subscribe('notifications.live', undefined);
      void live.outcome.then(() => (startedBeforeStore = !stored));
      // Give "started" every chance to arrive while the lock holds the server's read of the newest id: a bounded wait
      // for something that must not happen, so no condition can end it sooner.
      await Promise.race([live.outcome, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      const row = await locker.query<{ id: number }>(
        `insert into notifications (user_id, kind, title, body, created_at) values ($1, 'system', 'Stored in the gap', '', $2) returning id`,
        [ada.id, Date.now()],
      );
      stored = true;
      await locker.query('commit');
      expect((await live.outcome).ok).toBe(true);
      if (startedBeforeStore) {
        // The client heard "started" before the notification was stored: it must be delivered.
        await expect.poll(() => live.data.length, { timeout: 10_000 }).toBeGreaterThan(0);
        expect(live.data[0]).toMatchObject({ id: String(row.rows[0].id) });
      }
      // Either way, what is stored after "started" arrives, once.
      const sent = await ada.browser.post('/api/notifications/test');
      expect(sent.status, sent.text).toBe(201);
      await expect
        .poll(() => live.data.map((e) => (e as { id: string }).id), { timeout: 10_000 })
        .toContain(String(sent.json.id));
      expect(live.data.filter((e) => (e as { id: string }).id === String(sent.json.id))).toHaveLength(1);
      // The fix: "started" waits for the start, so nothing stored before it is taken for new.
      expect(startedBeforeStore).toBe(false);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      socket.close();
    }
  });
});
