import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverFiring, deliverFirings } from '../../src/server/modules/alerts/delivery';
import { recordFirings, type FiringCandidate } from '../../src/server/modules/alerts/firing';
import { startTestServer, testDialect, type TestServer } from '../helpers/testServer';
import { alertNotifications, createAlert, history } from './alerts-helpers';
import { person } from './social-helpers';

/**
 * Issue 30 §2, the two steps that make a firing exactly once, raced directly: the same firing decided by two
 * evaluators at once (on PostgreSQL: two servers on one database, as two instances during a change of evaluator) is
 * recorded once, and a firing delivered by several at once makes one notification. The alerts are set where they
 * never hold ("above $1,000,000"), so the servers' own evaluation stays out of the way.
 */

let server: TestServer;
/** The same database seen by a second server on PostgreSQL; on SQLite (one server per file) the same server. */
let other: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  other =
    testDialect === 'postgres'
      ? await startTestServer({ TRUST_PROXY: '1', DATABASE_URL: server.deps.config.DATABASE_URL! })
      : server;
});
afterAll(async () => {
  if (other !== server) await other?.close();
  await server?.close();
});

const candidate = (alertId: number, tickAt: number): FiringCandidate => ({
  alertId,
  generation: 0,
  value: 1_000_001,
  price: 1_000_001,
  currency: 'USD',
  tickAt,
});

describe('exactly once', () => {
  it('records one firing when two evaluators decide the same one at once', async () => {
    const ada = await person(server.url);
    const once = await createAlert(ada, { symbol: 'AAPL', condition: 'priceAbove', level: 1e6 });
    const daily = await createAlert(ada, { symbol: 'MSFT', condition: 'priceAbove', level: 1e6, frequency: 'daily' });
    const tickAt = Date.now();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        recordFirings(
          (i % 2 ? other : server).deps.db,
          [candidate(once.id, tickAt), candidate(daily.id, tickAt + i)],
          Date.now,
        ),
      ),
    );
    expect(results.flatMap((r) => r.fired)).toHaveLength(2);
    expect(await history(ada, once.id)).toHaveLength(1);
    expect(await history(ada, daily.id)).toHaveLength(1);
    // A later tick the same UTC day: refused by the alert's state (and the period key would refuse it too).
    const again = await recordFirings(server.deps.db, [candidate(daily.id, tickAt + 60_000)], Date.now);
    expect(again.fired).toEqual([]);
    expect(again.rows.get(daily.id)).toMatchObject({ status: 'armed', fireCount: 1 });
  });

  it('makes one notification when several deliver the same firing at once', async () => {
    const ada = await person(server.url);
    const alert = await createAlert(ada, { symbol: 'KO', condition: 'priceAbove', level: 1e6, note: 'once only' });
    const { fired } = await recordFirings(server.deps.db, [candidate(alert.id, Date.now())], Date.now);
    expect(fired).toHaveLength(1);
    const delivered = await Promise.all(
      Array.from({ length: 8 }, (_, i) => deliverFiring((i % 2 ? other : server).deps, fired[0].id)),
    );
    const made = delivered.filter((n) => n !== null);
    expect(made).toHaveLength(1);
    const stored = await alertNotifications(ada);
    expect(stored.map((n) => n.id)).toEqual([made[0].id]);
    expect(stored[0].body).toContain('Your note: once only');
    expect((await history(ada, alert.id))[0].notificationId).toBe(made[0].id);
    // Delivering a delivered firing again does nothing.
    expect(await deliverFiring(server.deps, fired[0].id)).toBeNull();
    expect(await alertNotifications(ada)).toHaveLength(1);
  });

  it('makes one notification per firing when batches of a burst are delivered at once, overlapping', async () => {
    const ada = await person(server.url);
    const bob = await person(server.url);
    const alerts = [
      await createAlert(ada, { symbol: 'NKE', condition: 'priceAbove', level: 1e6 }),
      await createAlert(ada, { symbol: 'NKE', condition: 'crossesAbove', level: 1e6, note: 'second of ada' }),
      await createAlert(bob, { symbol: 'NKE', condition: 'priceAbove', level: 1e6 }),
      await createAlert(bob, { symbol: 'DIS', condition: 'priceAbove', level: 1e6 }),
    ];
    const tickAt = Date.now();
    const { fired } = await recordFirings(
      server.deps.db,
      alerts.map((a) => candidate(a.id, tickAt)),
      Date.now,
    );
    const ids = fired.map((f) => f.id);
    expect(ids).toHaveLength(4);
    // The whole burst, its halves, the other order and single firings, from both instances at once.
    const attempts = [ids, ids.slice(0, 2), ids.slice(2), [...ids].reverse(), [ids[1], ids[3]], ids];
    const results = await Promise.all([
      ...attempts.map((batch, i) => deliverFirings((i % 2 ? other : server).deps, batch)),
      ...ids.map((id, i) => deliverFiring((i % 2 ? server : other).deps, id).then((n) => [n])),
    ]);
    const made = results.flat().filter((n) => n !== null);
    expect(made).toHaveLength(4);
    const adaStored = await alertNotifications(ada);
    const bobStored = await alertNotifications(bob);
    expect(adaStored).toHaveLength(2);
    expect(bobStored).toHaveLength(2);
    expect(adaStored.map((n) => n.body).join('\n')).toContain('Your note: second of ada');
    // Each firing names its own notification, and each notification is about its own firing.
    for (const [i, alert] of alerts.entries()) {
      const [row] = await history(i < 2 ? ada : bob, alert.id);
      const notification = made.find((n) => n.id === row.notificationId)!;
      expect((notification.data as { alertId: number }).alertId).toBe(alert.id);
    }
    expect(await deliverFirings(server.deps, ids)).toEqual([null, null, null, null]);
  });

  it('refuses a firing decided before an edit of the alert', async () => {
    const ada = await person(server.url);
    const alert = await createAlert(ada, { symbol: 'PEP', condition: 'priceAbove', level: 1e6 });
    await ada.browser.patch(`/api/alerts/${alert.id}`, { level: 2e6 });
    // The evaluator held generation 0; the edit armed generation 1.
    const { fired, rows } = await recordFirings(server.deps.db, [candidate(alert.id, Date.now())], Date.now);
    expect(fired).toEqual([]);
    expect(rows.get(alert.id)).toMatchObject({ generation: 1, status: 'armed', fireCount: 0 });
  });
});
