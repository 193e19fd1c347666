import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { notify } from '../../src/server/modules/notifications/notify';
import { MAX_PUSH_DEVICES } from '../../src/shared/notifications/limits';
import { LocalPushService } from '../helpers/pushService';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD } from './auth-helpers';
import { person, type Person } from './social-helpers';

/**
 * Issue 30 §3, web push against a local push service (tests/helpers/pushService.ts: checks the VAPID JWT and decrypts
 * the aes128gcm body as a browser would): one subscription per device, the payload arriving intact, a dead
 * subscription (410) removed, failures retried, and the SSRF defence: endpoints must be https on public addresses,
 * checked when subscribing and again, after resolving the name, at every send.
 */

let server: TestServer;
let pushService: LocalPushService;
/** What the test's DNS answers per name (the server asks it instead of the system's for push endpoints). */
const dns = new Map<string, string[]>();

beforeAll(async () => {
  pushService = await LocalPushService.start();
  server = await startTestServer(
    { TRUST_PROXY: '1', WEB_PUSH_ALLOW_HOSTS: '127.0.0.1', WEB_PUSH_SUBJECT: 'mailto:ops@tickwise.example' },
    {
      resolveHost: (host) => {
        const answer = dns.get(host);
        if (!answer) return Promise.reject(new Error(`ENOTFOUND ${host}`));
        return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
      },
    },
  );
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

async function subscribe(who: Person, subscription: unknown) {
  return who.browser.post('/api/push/subscriptions', subscription);
}

async function devicesOf(userId: string) {
  const { pushSubscriptions } = tablesOf(server.deps.db);
  return server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

const tell = (userId: string, title: string, channels?: ('push' | 'email' | 'inApp')[]) =>
  notify(
    server.deps,
    userId,
    { kind: 'alert', title, body: 'AAPL crossed 200.00', link: '/trading?symbol=AAPL' },
    channels,
  );

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, made once and kept in the database for every instance', async () => {
    const { serverKeys } = tablesOf(server.deps.db);
    const res = await fetch(`${server.url}/api/push/key`);
    expect(res.status).toBe(200);
    const { publicKey } = (await res.json()) as { publicKey: string };
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const [row] = await server.deps.db.select().from(serverKeys).where(eq(serverKeys.name, 'web-push-vapid'));
    expect(JSON.parse(row.value).publicKey).toBe(publicKey);

    // A second instance on the same database signs with the same pair (on SQLite: a second server on the file).
    const second = await startTestServer({
      DATABASE_URL: server.deps.config.DATABASE_URL ?? '',
      DATABASE_PATH: server.deps.config.DATABASE_PATH,
    });
    try {
      const again = (await (await fetch(`${second.url}/api/push/key`)).json()) as { publicKey: string };
      expect(again.publicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });

  it('creates one pair when instances ask at the same moment', async () => {
    const fresh = await startTestServer();
    const twin = await startTestServer({
      DATABASE_URL: fresh.deps.config.DATABASE_URL ?? '',
      DATABASE_PATH: fresh.deps.config.DATABASE_PATH,
    });
    const { serverKeys } = tablesOf(fresh.deps.db);
    try {
      const keys = await Promise.all(
        [fresh, twin, fresh, twin].map(
          async (s) => ((await (await fetch(`${s.url}/api/push/key`)).json()) as { publicKey: string }).publicKey,
        ),
      );
      expect(new Set(keys).size).toBe(1);
      expect(await fresh.deps.db.select().from(serverKeys)).toHaveLength(1);
    } finally {
      await twin.close();
      await fresh.close();
    }
  });
});

describe('delivery to a local push service', () => {
  it('sends the notification encrypted to the device; the push service decrypts it intact', async () => {
    const ada = await person(server.url);
    const device = pushService.subscription();
    const res = await subscribe(ada, device.json);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({ subscribed: true, devices: 1 });
    expect((await ada.browser.get('/api/notifications/preferences')).json.pushDevices).toBe(1);

    const sent = await tell(ada.id, 'AAPL above 200 — “ünïcødé” ✓');
    await server.deps.notifications.idle();
    const [push] = pushService.pushesTo(device.id);
    expect(JSON.parse(push.payload)).toEqual({
      id: sent.id,
      kind: 'alert',
      title: 'AAPL above 200 — “ünïcødé” ✓',
      body: 'AAPL crossed 200.00',
      link: '/trading?symbol=AAPL',
    });
    expect(push.contentEncoding).toBe('aes128gcm');
    expect(push.ttl).toBe('86400');
    const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
    expect(push.vapid).toMatchObject({
      audience: pushService.origin,
      subject: 'mailto:ops@tickwise.example',
      publicKey,
    });
    expect(pushService.refused).toEqual([]);
  });

  it('reaches every device of the user, and none when the caller chose in-app only or the user turned push off', async () => {
    const ada = await person(server.url);
    const [phone, laptop] = [pushService.subscription(), pushService.subscription()];
    expect((await subscribe(ada, phone.json)).status).toBe(201);
    expect((await subscribe(ada, laptop.json)).json.devices).toBe(2);
    await tell(ada.id, 'to both');
    await server.deps.notifications.idle();
    expect(pushService.pushesTo(phone.id)).toHaveLength(1);
    expect(pushService.pushesTo(laptop.id)).toHaveLength(1);

    await tell(ada.id, 'in-app only', ['inApp']);
    await ada.browser.put('/api/notifications/preferences', { push: false });
    await tell(ada.id, 'push is off');
    await server.deps.notifications.idle();
    expect(pushService.pushesTo(phone.id)).toHaveLength(1);
    // An alert that chose push is pushed even though the default is off.
    await tell(ada.id, 'this alert chose push', ['push']);
    await server.deps.notifications.idle();
    expect(pushService.pushesTo(phone.id).map((p) => JSON.parse(p.payload).title)).toEqual([
      'to both',
      'this alert chose push',
    ]);
    // Every one of them is in the notification centre.
    expect((await ada.browser.get('/api/notifications')).json.unreadCount).toBe(4);
  });

  it('removes a subscription the push service answers 410 Gone for, and keeps the others', async () => {
    const ada = await person(server.url);
    const [gone, alive] = [pushService.subscription(), pushService.subscription()];
    await subscribe(ada, gone.json);
    await subscribe(ada, alive.json);
    pushService.unsubscribe(gone.id);
    await tell(ada.id, 'one device uninstalled');
    await server.deps.notifications.idle();
    expect((await devicesOf(ada.id)).map((d) => d.endpoint)).toEqual([alive.json.endpoint]);
    expect(pushService.pushesTo(alive.id)).toHaveLength(1);
    await tell(ada.id, 'next one');
    await server.deps.notifications.idle();
    // Nothing more is sent to the removed one.
    expect(pushService.attempts.filter((a) => a.subscriptionId === gone.id)).toHaveLength(1);
  });

  it('tries again after a 500 and after a 429 with Retry-After, then delivers once', async () => {
    const ada = await person(server.url);
    const device = pushService.subscription();
    await subscribe(ada, device.json);
    pushService.answer(device.id, { status: 500 }, { status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    await tell(ada.id, 'after two failures');
    await server.deps.notifications.idle();
    const attempts = pushService.attempts.filter((a) => a.subscriptionId === device.id);
    expect(attempts).toHaveLength(3);
    // Back-off: 2 s before the second attempt, then at least the second back-off step before the third.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1_900);
    expect(pushService.pushesTo(device.id)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(await devicesOf(ada.id)).toHaveLength(1);
  }, 40_000);

  it('finishes a push already being sent before the server stops', async () => {
    const own = await startTestServer({ WEB_PUSH_ALLOW_HOSTS: '127.0.0.1' });
    const ada = await person(own.url);
    const device = pushService.subscription();
    expect((await subscribe(ada, device.json)).status).toBe(201);
    pushService.answer(device.id, { status: 201, delayMs: 700 });
    await notify(own.deps, ada.id, { kind: 'alert', title: 'sent while stopping' });
    await own.close();
    expect(pushService.pushesTo(device.id).map((p) => JSON.parse(p.payload).title)).toEqual(['sent while stopping']);
  });

  it('gives up on a 400 at once, and keeps the subscription', async () => {
    const ada = await person(server.url);
    const device = pushService.subscription();
    await subscribe(ada, device.json);
    pushService.answer(device.id, { status: 400 });
    await tell(ada.id, 'refused');
    await server.deps.notifications.idle();
    expect(pushService.attempts.filter((a) => a.subscriptionId === device.id)).toHaveLength(1);
    expect(await devicesOf(ada.id)).toHaveLength(1);
  });
});

describe('one subscription per device', () => {
  it('updates the row when the same endpoint subscribes again, and moves a device to who signed in on it', async () => {
    const [ada, bob] = [await person(server.url), await person(server.url)];
    const device = pushService.subscription();
    await subscribe(ada, device.json);
    await subscribe(ada, device.json);
    expect(await devicesOf(ada.id)).toHaveLength(1);
    await subscribe(bob, device.json);
    expect(await devicesOf(ada.id)).toHaveLength(0);
    expect(await devicesOf(bob.id)).toHaveLength(1);
    await tell(ada.id, 'not to this device any more');
    await tell(bob.id, 'Bob’s now');
    await server.deps.notifications.idle();
    expect(pushService.pushesTo(device.id).map((p) => JSON.parse(p.payload).title)).toEqual(['Bob’s now']);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per user, forgetting the least recently subscribed`, async () => {
    const ada = await person(server.url);
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 2 }, () => pushService.subscription());
    for (const device of devices) {
      const res = await subscribe(ada, device.json);
      expect(res.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const kept = (await devicesOf(ada.id)).map((d) => d.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((d) => d.json.endpoint)
        .sort(),
    );
  });

  it('unsubscribes by endpoint, only the caller’s own device', async () => {
    const [ada, bob] = [await person(server.url), await person(server.url)];
    const device = pushService.subscription();
    await subscribe(ada, device.json);
    const notYours = await bob.browser.request('DELETE', '/api/push/subscriptions', { endpoint: device.json.endpoint });
    expect(notYours.status).toBe(200);
    expect(notYours.json).toEqual({ removed: false });
    expect(await devicesOf(ada.id)).toHaveLength(1);
    const mine = await ada.browser.request('DELETE', '/api/push/subscriptions', { endpoint: device.json.endpoint });
    expect(mine.json).toEqual({ removed: true });
    expect(await devicesOf(ada.id)).toHaveLength(0);
  });

  it('refuses malformed subscriptions with a sentence, and signed-out callers', async () => {
    const ada = await person(server.url);
    const good = pushService.subscription().json;
    const cases: [unknown, RegExp][] = [
      [{}, /endpoint is required/],
      [{ ...good, keys: undefined }, /keys/],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, /p256dh is too short/],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!!!!!!!!!!' } }, /auth must be base64url/],
      // Right length, but not a P-256 point (first byte 4) or a 16-byte secret.
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } }, /P-256/],
      [{ ...good, endpoint: `${pushService.origin}/${'x'.repeat(2_100)}` }, /too long/],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(ada, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const anonymous = await fetch(`${server.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(good),
    });
    expect(anonymous.status).toBe(401);
    expect(await devicesOf(ada.id)).toHaveLength(0);
  });
});

describe('devices and sessions', () => {
  it('forgets the devices of a session that signs out, and keeps those of the user’s other sessions', async () => {
    const ada = await person(server.url);
    const laptop = new Browser(server.url);
    expect((await laptop.post('/api/auth/login', { email: ada.email, password: PASSWORD })).status).toBe(200);
    const [shared, own] = [pushService.subscription(), pushService.subscription()];
    await subscribe(ada, shared.json);
    expect((await laptop.post('/api/push/subscriptions', own.json)).status).toBe(201);
    expect(await devicesOf(ada.id)).toHaveLength(2);

    // Signing out on the shared computer: its browser no longer gets Ada's pushes.
    expect((await ada.browser.post('/api/auth/logout')).status).toBe(200);
    await vi.waitFor(async () => expect((await devicesOf(ada.id)).map((d) => d.endpoint)).toEqual([own.json.endpoint]));
    await tell(ada.id, 'after signing out there');
    await server.deps.notifications.idle();
    expect(pushService.pushesTo(shared.id)).toHaveLength(0);
    expect(pushService.pushesTo(own.id)).toHaveLength(1);
  });

  it('forgets the devices of the other sessions on a password change, and keeps them when a session only expires', async () => {
    const { sessions } = tablesOf(server.deps.db);
    const ada = await person(server.url);
    const other = new Browser(server.url);
    expect((await other.post('/api/auth/login', { email: ada.email, password: PASSWORD })).status).toBe(200);
    const [mine, theirs] = [pushService.subscription(), pushService.subscription()];
    await subscribe(ada, mine.json);
    await other.post('/api/push/subscriptions', theirs.json);

    // A session that expires (deleted by the housekeeping, nothing published) leaves its device subscribed.
    const expiring = (await devicesOf(ada.id)).find((d) => d.endpoint === theirs.json.endpoint)!;
    // The device row keeps the session's hash, the very value the sessions table keeps (decision 018).
    await server.deps.db.delete(sessions).where(eq(sessions.id, expiring.sessionHash!));
    expect(await devicesOf(ada.id)).toHaveLength(2);

    const changed = await ada.browser.put('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: 'another secret 7',
    });
    expect(changed.status, changed.text).toBe(200);
    await vi.waitFor(async () =>
      expect((await devicesOf(ada.id)).map((d) => d.endpoint)).toEqual([mine.json.endpoint]),
    );
  });
});

describe('SSRF: push endpoints never reach the private network', () => {
  const refusals: [string, RegExp][] = [
    ['http://push.example.net/x', /must be an https URL/],
    ['ftp://push.example.net/x', /must be an https URL/],
    ['https://127.0.0.2/x', /not on a public address/],
    ['https://localhost/x', /not on a public address/],
    ['https://[::1]/x', /not on a public address/],
    ['https://10.1.2.3/x', /not on a public address/],
    ['https://172.20.0.1/x', /not on a public address/],
    ['https://192.168.1.1/x', /not on a public address/],
    ['https://169.254.169.254/latest/meta-data', /not on a public address/],
    ['https://100.64.0.1/x', /not on a public address/],
    ['https://0.0.0.0/x', /not on a public address/],
    ['https://224.0.0.1/x', /not on a public address/],
    ['https://[fd00::1]/x', /not on a public address/],
    ['https://[fe80::1]/x', /not on a public address/],
    ['https://[::ffff:127.0.0.1]/x', /not on a public address/],
    ['https://[64:ff9b::a00:1]/x', /not on a public address/],
    ['https://2130706434/x', /not on a public address/], // 127.0.0.2
    ['https://0x7f.0.0.3/x', /not on a public address/], // 127.0.0.3
    ['https://user:pass@push.example.net/x', /credentials/],
    ['https://internal.corp.test/x', /not on a public address/],
    ['https://split.corp.test/x', /not on a public address/],
    ['https://nowhere.test/x', /does not resolve/],
    ['not a url', /not a URL/],
  ];

  beforeAll(() => {
    dns.set('localhost', ['127.0.0.1', '::1']);
    dns.set('internal.corp.test', ['10.0.0.5']);
    // One public and one private answer: refused, since a connection could use either.
    dns.set('split.corp.test', ['93.184.215.14', '192.168.0.10']);
    dns.set('push.example.net', ['93.184.215.14']);
  });

  it('refuses non-https and non-public endpoints when subscribing', async () => {
    const ada = await person(server.url);
    const keys = pushService.subscription().json.keys;
    for (const [endpoint, message] of refusals) {
      const res = await subscribe(ada, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.json.message, endpoint).toMatch(message);
    }
    expect(await devicesOf(ada.id)).toHaveLength(0);
    // A public https endpoint is accepted (nothing is sent to it until a notification).
    expect((await subscribe(ada, { endpoint: 'https://push.example.net/ok', keys })).status).toBe(201);
  });

  it('checks again at send time: a name that now points inside (DNS rebinding) is never connected to', async () => {
    const listener: Server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    let connections = 0;
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const ada = await person(server.url);
      dns.set('rebind.example.net', ['93.184.215.14']);
      const device = pushService.subscription(`https://rebind.example.net:${port}`);
      expect((await subscribe(ada, device.json)).status).toBe(201);
      // The name now answers with the listener's loopback address.
      dns.set('rebind.example.net', ['127.0.0.1']);
      await tell(ada.id, 'should never leave');
      await server.deps.notifications.idle();
      expect(connections).toBe(0);
      // The subscription is forgotten: it can never be sent to again.
      expect(await devicesOf(ada.id)).toHaveLength(0);
    } finally {
      listener.close();
    }
  });

  it('allows plain http to WEB_PUSH_ALLOW_HOSTS only (the local push service here)', async () => {
    const ada = await person(server.url);
    const allowed = pushService.subscription();
    expect((await subscribe(ada, allowed.json)).status).toBe(201);
    const port = new URL(pushService.origin).port;
    const other = await subscribe(ada, { ...allowed.json, endpoint: `http://127.0.0.2:${port}/push/${allowed.id}` });
    expect(other.status).toBe(400);
  });
});

it('is delivered only once per device when notify is called from many requests at once', async () => {
  const ada = await person(server.url);
  const device = pushService.subscription();
  await subscribe(ada, device.json);
  await Promise.all(Array.from({ length: 20 }, (_, i) => tell(ada.id, `burst ${i}`)));
  await server.deps.notifications.idle();
  await vi.waitFor(() => expect(pushService.pushesTo(device.id)).toHaveLength(20));
  const titles = pushService.pushesTo(device.id).map((p) => JSON.parse(p.payload).title as string);
  expect(new Set(titles).size).toBe(20);
});
