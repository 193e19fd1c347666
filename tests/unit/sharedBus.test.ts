import { describe, expect, it } from 'vitest';
import { createSharedBus, MAX_ENVELOPE_BYTES, type BusChannel } from '../../src/server/realtime/bus';

/**
 * The shared bus over a channel standing in for PostgreSQL's LISTEN/NOTIFY (the real one is exercised by the multi
 * tests): every payload sent reaches every listener, the sender's included, as NOTIFY does.
 */
function loopbackChannel(): BusChannel & { sent: string[] } {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  return {
    sent,
    notify(payload) {
      sent.push(payload);
      for (const listener of listeners) listener(payload);
      return Promise.resolve();
    },
    listen(onPayload) {
      listeners.add(onPayload);
      return () => void listeners.delete(onPayload);
    },
  };
}

describe('the shared bus', () => {
  it('sends the events of one turn in one notification, in order, and delivers each once on every instance', async () => {
    const channel = loopbackChannel();
    const a = createSharedBus(channel);
    const b = createSharedBus(channel);
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.subscribe('notification.created', (e) => heardA.push(e.notificationId));
    b.subscribe('notification.created', (e) => heardB.push(e.notificationId));
    const readB: string[] = [];
    b.subscribe('notifications.read', (e) => readB.push(e.userId));
    for (let id = 1; id <= 40; id++) a.publish('notification.created', { userId: `u${id % 20}`, notificationId: id });
    a.publish('notifications.read', { userId: 'u1' });
    // Delivered here at once; to the other instance once the turn ends.
    expect(heardA).toHaveLength(40);
    expect(heardB).toEqual([]);
    await a.drain();
    expect(channel.sent).toHaveLength(1);
    expect(heardB).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(readB).toEqual(['u1']);
    // The sender does not hear its own events twice.
    expect(heardA).toHaveLength(40);
  });

  it('sends events published by separate callbacks of one turn (replies arriving in one poll) in one notification', async () => {
    const channel = loopbackChannel();
    const a = createSharedBus(channel);
    const b = createSharedBus(channel);
    const heard: number[] = [];
    b.subscribe('notification.created', (e) => heard.push(e.notificationId));
    // Two immediates queued together run in one check phase, each a callback of its own with its microtasks after it;
    // the immediate that ends the turn, queued from the first, runs in the next.
    await Promise.all(
      [1, 2].map(
        (id) =>
          new Promise<void>((resolve) =>
            setImmediate(() => resolve(a.publish('notification.created', { userId: 'u', notificationId: id }))),
          ),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(channel.sent).toHaveLength(1);
    expect(heard).toEqual([1, 2]);
  });

  it('splits a turn too big for one notification, each under the limit, none lost', async () => {
    const channel = loopbackChannel();
    const a = createSharedBus(channel);
    const b = createSharedBus(channel);
    const heard: number[] = [];
    b.subscribe('alerts.changed', (e) => heard.push(...e.ids));
    const ids = Array.from({ length: 3_000 }, (_, i) => 1_000_000 + i);
    for (let i = 0; i < ids.length; i += 500) a.publish('alerts.changed', { ids: ids.slice(i, i + 500) });
    await a.drain();
    expect(channel.sent.length).toBeGreaterThan(1);
    for (const payload of channel.sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_ENVELOPE_BYTES);
    expect(heard).toEqual(ids);
  });

  it('sends events published in later turns in notifications of their own', async () => {
    const channel = loopbackChannel();
    const a = createSharedBus(channel);
    a.publish('notifications.read', { userId: 'u1' });
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    a.publish('notifications.read', { userId: 'u2' });
    await a.drain();
    expect(channel.sent).toHaveLength(2);
  });
});
