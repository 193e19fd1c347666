import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Browser, fetchChallenge, PASSWORD, solvedCaptcha } from '../api/auth-helpers';
import { addHolding, createPortfolio } from '../api/portfolio-helpers';
import { befriend, person, sendText, type Person } from '../api/social-helpers';
import { createDatabase, type TestDatabase } from '../helpers/postgres';
import { startInstance, type Instance } from '../helpers/instances';
import { closedOf, openSocket, rawText, TrpcSocket } from '../helpers/sockets';

/**
 * Two Tickwise processes on one PostgreSQL, as behind a load balancer: whatever instance a user's request or socket
 * reaches, they see the same data, get their live messages, and meet the same limits.
 */

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

let database: TestDatabase;
let one: Instance;
let two: Instance;

const settings = (url: string) => ({
  DATABASE_URL: url,
  APP_SECRET: 'multi-instance-secret-multi-instance-0123',
  // Each simulated browser sends its own X-Forwarded-For from loopback (tests/api/auth-helpers.ts).
  TRUST_PROXY: 'loopback',
});

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  // One at a time the first time: the first applies the migrations (the second would wait on the lock anyway).
  one = await startInstance(settings(database.url));
  two = await startInstance(settings(database.url));
}, 60_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.drop();
});

/** The same person, their session cookie sent to another instance (a browser whose next request went elsewhere). */
function at(instance: Instance, who: Person): Browser {
  const tab = new Browser(instance.url, who.browser.ip);
  const request = tab.request.bind(tab);
  tab.request = (method, path, body, headers = {}) => request(method, path, body, { cookie: who.cookie, ...headers });
  return tab;
}

async function friends(): Promise<[Person, Person]> {
  const a = await person(one.url);
  const b = await person(two.url);
  await befriend(a, b);
  return [a, b];
}

/** The messages a social.messages subscription received (tracked events: { id, data: { message } }). */
const messagesOf = (sub: { data: unknown[] }) =>
  (sub.data as Array<{ data: { message?: { id: number; content: string } } }>).flatMap((event) =>
    event.data.message ? [event.data.message] : [],
  );

function waitFor<T>(what: string, check: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(poll, 10);
    };
    poll();
  });
}

describe('two instances on one PostgreSQL', () => {
  it('deliver a direct message sent on one to the receiver’s sockets on the other, over both transports', async () => {
    const [sender, receiver] = await friends();

    const tracked = await TrpcSocket.open(two.url, { cookie: receiver.cookie });
    const feed = tracked.subscribe('social.messages', {});
    expect((await feed.outcome).ok).toBe(true);

    const upgrade = await openSocket(two.url, '/ws', { cookie: receiver.cookie });
    if (upgrade.kind !== 'open') throw new Error(`/ws refused: ${upgrade.status}`);
    const spec = upgrade.ws;
    const frames: Array<{ type: string; message?: { content: string } }> = [];
    spec.on('message', (raw) => frames.push(JSON.parse(rawText(raw)) as (typeof frames)[number]));
    spec.send(JSON.stringify({ type: 'authenticate', userId: receiver.id }));
    await waitFor('authenticated', () => frames.find((f) => f.type === 'authenticated'));

    const sent = await sendText(sender, receiver, 'across the balancer');
    expect(sent.status, sent.text).toBe(201);

    const live = await waitFor('the tracked event', () =>
      messagesOf(feed).find((m) => m.content === 'across the balancer'),
    );
    expect(live.content).toBe('across the balancer');
    const frame = await waitFor('the /ws frame', () => frames.find((f) => f.type === 'new_message'));
    expect(frame.message?.content).toBe('across the balancer');
    tracked.close();
    spec.close();
  });

  it('close a user’s sockets on every instance within a second of logging out on one', async () => {
    const someone = await person(one.url);
    const socket = await TrpcSocket.open(two.url, { cookie: someone.cookie });
    expect((await socket.call('query', 'auth.user')).ok).toBe(true);
    const closed = closedOf(socket.ws);

    const started = Date.now();
    expect((await someone.browser.post('/api/auth/logout')).status).toBe(200);
    await closed;
    expect(Date.now() - started).toBeLessThan(1_000);
    // And the session is gone for the other instance's HTTP too.
    expect((await at(two, someone).get('/api/auth/user')).status).toBe(401);
  });

  it('close a user’s sockets on every instance within a second of the operator banning them', async () => {
    const someone = await person(one.url);
    const sockets = await Promise.all([one, two].map((at) => TrpcSocket.open(at.url, { cookie: someone.cookie })));
    for (const socket of sockets) expect((await socket.call('query', 'auth.user')).ok).toBe(true);
    const closed = Promise.all(sockets.map((socket) => closedOf(socket.ws)));

    // The operator's command is a process of its own; the instances check sessions only every 20 s by themselves.
    await run(process.execPath, ['--import', 'tsx', 'scripts/user.ts', 'ban', someone.email], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...settings(database.url) },
    });
    const banned = Date.now();
    // Closed as banned (4403), so the browser shows the banned screen rather than signing in again.
    expect((await closed).map((info) => info.code)).toEqual([4403, 4403]);
    expect(Date.now() - banned).toBeLessThan(1_000);
    expect((await at(two, someone).get('/api/auth/user')).json.banned).toBe(true);
  });

  it('hold the daily chat limit across both: 50 parallel messages at 0 used, exactly 10 answered', async () => {
    const someone = await person(one.url);
    const tabs = [someone.browser, at(two, someone)];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        tabs[i % 2].post('/api/chat', { message: `What is AAPL trading at? #${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const usage = (await at(two, someone).get('/api/usage-stats')).json;
    expect(usage.today.chatMessages).toBe(10);
  });

  it('serve a share link made on one from the other', async () => {
    const owner = await person(one.url);
    const id = await createPortfolio(owner.browser, 'Shared across');
    const shared = await owner.browser.patch(`/api/portfolios/${id}/visibility`, { isPublic: true });
    expect(shared.status, shared.text).toBe(200);
    const read = await new Browser(two.url).get(`/api/portfolio/shared/${shared.json.shareableLink}`);
    expect(read.status).toBe(200);
    expect(read.json.portfolio.name).toBe('Shared across');
  });

  it('show on one a holding bought on the other: the holdings one kept go with the version the write moved', async () => {
    const owner = await person(one.url);
    const id = await createPortfolio(owner.browser, 'Bought across');
    await addHolding(owner.browser, id, 'KO', 1, 10);
    const quantityOf = async (symbol: string) => {
      type Held = Array<{ symbol: string; quantity: string }>;
      const find = (held: Held) => Number(held.find((h) => h.symbol === symbol)?.quantity ?? 0);
      // The holdings alone first: that read asks for the kept holdings before anything reads the ledger again.
      const holdings = await owner.browser.get(`/api/portfolios/${id}/holdings`);
      const detail = await owner.browser.get(`/api/portfolios/${id}`);
      const list = await owner.browser.get('/api/portfolios');
      const listed = (list.json as Array<{ id: string; holdingsCount: number }>).find((p) => p.id === id);
      return {
        quantity: [find(holdings.json as Held), find(detail.json.holdings as Held)],
        listed: listed?.holdingsCount,
      };
    };
    // Read twice on the first instance: its holdings are now kept with the portfolio's version.
    expect(await quantityOf('KO')).toEqual({ quantity: [1, 1], listed: 1 });
    expect(await quantityOf('KO')).toEqual({ quantity: [1, 1], listed: 1 });
    const elsewhere = at(two, owner);
    const bought = await elsewhere.post(`/api/portfolios/${id}/activities`, {
      type: 'buy',
      symbol: 'MSFT',
      date: '2025-01-03',
      quantity: 2,
      price: 100,
      fees: 0,
    });
    expect(bought.status, bought.text).toBe(201);
    expect(await quantityOf('MSFT')).toEqual({ quantity: [2, 2], listed: 2 });
  });

  it('verify a captcha signed on one instance on the other, and the sign-in limits count attempts on both', async () => {
    const someone = await person(one.url);
    // Failed sign-ins count on both instances together: wrong passwords on one, the other, then the first again; the
    // third crosses the account's threshold of three and asks for the captcha, wherever it was made.
    const attacker = new Browser(one.url);
    const elsewhere = new Browser(two.url, attacker.ip);
    const statuses: number[] = [];
    for (const [tab, password] of [
      [attacker, 'x1'],
      [elsewhere, 'x2'],
      [attacker, 'x3'],
    ] as const) {
      statuses.push((await tab.post('/api/auth/login', { email: someone.email, password })).status);
    }
    expect(statuses).toEqual([401, 401, 400]);
    const refused = await elsewhere.post('/api/auth/login', { email: someone.email, password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^CAPTCHA_REQUIRED/);

    const challenge = await fetchChallenge(attacker);
    const signedIn = await elsewhere.post('/api/auth/login', {
      email: someone.email,
      password: PASSWORD,
      ...solvedCaptcha(challenge),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  it('deliver a notification made on one to the user’s live feed on the other, and share one VAPID key', async () => {
    const ada = await person(one.url);
    const socket = await TrpcSocket.open(two.url, { cookie: ada.cookie });
    const live = socket.subscribe('notifications.live', undefined);
    expect((await live.outcome).ok).toBe(true);
    const started = Date.now();
    const sent = await ada.browser.post('/api/notifications/test');
    expect(sent.status, sent.text).toBe(201);
    const event = await waitFor(
      'the notification on the other instance',
      () => live.data[0] as { id: string } | undefined,
    );
    expect(event).toEqual({ id: String(sent.json.id), data: { type: 'notification', notification: sent.json } });
    expect(Date.now() - started).toBeLessThan(1_000);
    // Marked read on the first instance: the feed on the second hears of it.
    await ada.browser.post('/api/notifications/read', { ids: [sent.json.id] });
    await waitFor('the read event', () => (live.data.length === 2 ? true : undefined));
    expect((live.data[1] as { data: unknown }).data).toEqual({ type: 'read', unreadCount: 0 });
    socket.close();

    const keys = await Promise.all(
      [one, two, one, two].map(
        async (i) => ((await (await fetch(`${i.url}/api/push/key`)).json()) as { publicKey: string }).publicKey,
      ),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('count both instances on the status page', async () => {
    const status = (await new Browser(two.url).get('/api/system/status')).json;
    expect(status.instances).toBe(2);
  });
});

describe('an instance killed with SIGKILL', () => {
  it('loses nothing: the client resumes on the other instance and gets every message sent meanwhile, once', async () => {
    const victim = await startInstance(settings(database.url));
    try {
      const [sender, receiver] = await friends();
      const socket = await TrpcSocket.open(victim.url, { cookie: receiver.cookie });
      const feed = socket.subscribe('social.messages', {});
      expect((await feed.outcome).ok).toBe(true);
      expect((await sendText(sender, receiver, 'before')).status).toBe(201);
      const before = await waitFor('the first message', () => messagesOf(feed).find((m) => m.content === 'before'));

      victim.child.kill('SIGKILL');
      await victim.exited;
      const meanwhile = ['while', 'the client', 'reconnects'];
      for (const content of meanwhile) expect((await sendText(sender, receiver, content)).status).toBe(201);

      // What tRPC's wsLink does on reconnect: the same subscription, with the last event id it saw.
      const again = await TrpcSocket.open(two.url, { cookie: receiver.cookie });
      const resumed = again.subscribe('social.messages', { lastEventId: String(before.id) });
      expect((await resumed.outcome).ok).toBe(true);
      expect((await sendText(sender, receiver, 'after')).status).toBe(201);
      const contents = () => messagesOf(resumed).map((m) => m.content);
      await waitFor('every message', () => (contents().includes('after') ? true : undefined));
      expect(contents()).toEqual([...meanwhile, 'after']);
      again.close();
    } finally {
      await victim.stop();
    }
  });
});
