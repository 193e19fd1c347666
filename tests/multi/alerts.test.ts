import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AppNotification } from '../../src/shared/notifications/types';
import { alertNotifications, createAlert, history, liveFeed, sleep, waitUntil } from '../api/alerts-helpers';
import { person } from '../api/social-helpers';
import { createDatabase, type TestDatabase } from '../helpers/postgres';
import { startInstance, type Instance } from '../helpers/instances';

/**
 * Issue 30 §2, price alerts across instances on one PostgreSQL: one instance evaluates (the others stand by, their
 * indexes in step over the bus), alerts created on any instance fire, each firing period exactly once, and an
 * instance killed with SIGKILL in the middle of a firing neither loses nor repeats it: the test hook stops the
 * evaluator for good between the firing row's commit and its notification (or just after the notification), the
 * test kills it there, and the other instance takes the evaluation over.
 *
 * The market is the simulated one: "AAPL above $1" holds whatever the minute, so it fires at the next evaluation.
 */

const POLL_MS = '200';
const databases: TestDatabase[] = [];
const instances: Instance[] = [];

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  for (const database of databases) await database.drop();
});

async function cluster(hooks: Array<string | null>): Promise<Instance[]> {
  const database = await createDatabase(inject('postgresUrl'));
  databases.push(database);
  const started: Instance[] = [];
  for (const hook of hooks) {
    // One at a time: the first applies the migrations, and leads the alerts (the test waits for it).
    const instance = await startInstance({
      DATABASE_URL: database.url,
      APP_SECRET: 'multi-instance-secret-multi-instance-0123',
      TRUST_PROXY: 'loopback',
      MARKET_LIVE_POLL_MS: POLL_MS,
      ...(hook ? { ALERTS_TEST_PAUSE: hook } : {}),
    });
    instances.push(instance);
    started.push(instance);
    if (started.length === 1) await waitUntil('the first instance to evaluate', () => evaluating(instance));
  }
  return started;
}

/** Whether the instance evaluates the alerts now (its metrics gauge), or undefined while it does not. */
async function evaluating(instance: Instance): Promise<true | undefined> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  return /^tickwise_alerts_evaluating 1$/m.test(text) ? true : undefined;
}

async function standsBy(instance: Instance): Promise<boolean> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  return /^tickwise_alerts_evaluating 0$/m.test(text);
}

describe('price alerts on two instances', () => {
  it('are evaluated by one instance, fire when created on either, and each period fires once', async () => {
    const [one, two] = await cluster([null, null]);
    expect(await standsBy(two)).toBe(true);
    const ada = await person(two.url);
    const onOne = await person(one.url);
    const feed = await liveFeed(two.url, ada);
    // Alerts created through the instance that does not evaluate reach the evaluator's index over the bus.
    const alerts = [];
    for (let i = 0; i < 6; i++) {
      alerts.push(
        await createAlert(ada, {
          symbol: ['AAPL', 'MSFT', 'KO'][i % 3],
          condition: i % 2 === 0 ? 'priceAbove' : 'priceBelow',
          level: i % 2 === 0 ? 1 : 1_000_000,
          frequency: i < 3 ? 'once' : 'daily',
        }),
      );
    }
    const other = await createAlert(onOne, { symbol: 'NVDA', condition: 'priceAbove', level: 1, frequency: 'daily' });
    await waitUntil('six notifications', () => (feed.notifications().length === 6 ? true : undefined), 20_000);
    await waitUntil('the other person’s', async () =>
      (await alertNotifications(onOne)).length === 1 ? true : undefined,
    );
    // Several more polls: the daily ones hold still, and fire no more today.
    await sleep(2_000);
    expect(feed.notifications()).toHaveLength(6);
    expect(new Set(feed.notifications().map((n) => (n.data as { alertId: number }).alertId))).toEqual(
      new Set(alerts.map((a) => a.id)),
    );
    for (const alert of alerts) expect(await history(ada, alert.id)).toHaveLength(1);
    expect(await history(onOne, other.id)).toHaveLength(1);
    expect(await standsBy(two)).toBe(true);
    feed.close();
  });
});

describe('an evaluating instance killed with SIGKILL in the middle of a firing', () => {
  /**
   * Runs one kill: `victim` evaluates and stops at `point` of its first firing; the test kills it there; `survivor`
   * takes over. Returns what the person was told over the following polls.
   */
  async function killMidFiring(point: 'after-firing' | 'after-notify') {
    const [victim, survivor] = await cluster([point, null]);
    const ada = await person(survivor.url);
    const feed = await liveFeed(survivor.url, ada);
    // Daily and holding: the survivor evaluates it again after the take-over, so a repeat would show.
    const alert = await createAlert(ada, { symbol: 'AAPL', condition: 'priceAbove', level: 1, frequency: 'daily' });
    await waitUntil(
      `the victim paused ${point}`,
      () => (victim.output().includes(`alerts test hook: paused ${point}`) ? true : undefined),
      20_000,
    );
    victim.child.kill('SIGKILL');
    await victim.exited;
    await waitUntil('the survivor to evaluate', () => evaluating(survivor), 20_000);
    await waitUntil('the notification', () => (feed.notifications().length > 0 ? true : undefined), 20_000);
    // Ten more polls of the survivor: nothing more may come.
    await sleep(10 * Number(POLL_MS));
    const told: AppNotification[] = feed.notifications();
    const stored = await alertNotifications(ada);
    const firings = await history(ada, alert.id);
    feed.close();
    return { alert, told, stored, firings };
  }

  it('between the firing’s commit and its notification: the next evaluator delivers it, once', async () => {
    const { alert, told, stored, firings } = await killMidFiring('after-firing');
    expect(told).toHaveLength(1);
    expect(stored.map((n) => n.id)).toEqual([told[0].id]);
    expect(firings).toHaveLength(1);
    expect(firings[0].notificationId).toBe(told[0].id);
    expect(told[0]).toMatchObject({ title: 'AAPL is above $1.00', data: { alertId: alert.id } });
  });

  it('just after its notification: the next evaluator neither delivers it again nor fires the period again', async () => {
    const { told, stored, firings } = await killMidFiring('after-notify');
    expect(told).toHaveLength(1);
    expect(stored.map((n) => n.id)).toEqual([told[0].id]);
    expect(firings).toHaveLength(1);
    expect(firings[0].notificationId).toBe(told[0].id);
  });
});
