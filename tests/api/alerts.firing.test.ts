import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIGGER_CAP } from '../../src/shared/alerts/limits';
import { LocalSmtpServer } from '../helpers/smtpServer';
import { steeredMarket, type SteeredMarket } from '../helpers/steeredMarket';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { alertNotifications, alertOf, createAlert, history, liveFeed, sleep, waitUntil } from './alerts-helpers';
import { person } from './social-helpers';

/**
 * Issue 30 §2, alerts evaluated on the server at every live poll, with no browser watching: a level condition that
 * already holds fires at the next evaluation (market open or closed, the price unchanged); a crossing fires only on
 * an actual cross; once, once a day and every time with its interval and trigger cap; expiry; pause and resume; the
 * notification's words, link and data, on the live feed and in the history. The market is the simulated one with a
 * few prices set by the test, and the server's clock is the test's (days and intervals pass on demand).
 */

const POLL_MS = 50;
let server: TestServer;
let market: SteeredMarket;
let smtp: LocalSmtpServer;
/** The server's clock runs with real time, plus what the test adds to move days and intervals on. */
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  market = steeredMarket(now);
  smtp = await LocalSmtpServer.start();
  server = await startTestServer(
    { TRUST_PROXY: '1', MARKET_LIVE_POLL_MS: String(POLL_MS), SMTP_URL: smtp.url },
    { now, market: { provider: market.provider } },
  );
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A few polls: long enough for anything that was going to fire to have fired. */
const somePolls = () => sleep(POLL_MS * 8);

describe('alerts evaluated on every poll', () => {
  it('fire a level condition that already holds at the next evaluation, though the price does not move', async () => {
    market.set('AAPL', 201.35, 198);
    const ada = await person(server.url);
    const feed = await liveFeed(server.url, ada);
    const started = Date.now();
    const alert = await createAlert(ada, {
      symbol: 'aapl',
      condition: 'priceAbove',
      level: 200,
      note: 'Take some profit',
    });
    expect(alert).toMatchObject({ symbol: 'AAPL', status: 'armed', frequency: 'once', level: 200 });
    const [notification] = await waitUntil('the alert on the live feed', () =>
      feed.notifications().length > 0 ? feed.notifications() : undefined,
    );
    // Within a few polls of creation (the next evaluation), with no browser watching AAPL's quotes.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(notification).toMatchObject({
      kind: 'alert',
      title: 'AAPL is above $200.00',
      link: '/trading?symbol=AAPL',
      data: { alertId: alert.id, symbol: 'AAPL', condition: 'priceAbove', level: 200, price: 201.35, currency: 'USD' },
    });
    expect(notification.body).toMatch(
      /^AAPL at \$201\.35 at \d\d:\d\d UTC on \d{1,2} [A-Z][a-z]{2} \d{4}\.\nYour note: Take some profit$/,
    );

    await somePolls();
    // Once: it fired one time and is done; the history shows the firing and the notification it made.
    expect(feed.notifications()).toHaveLength(1);
    expect(await alertOf(ada, alert.id)).toMatchObject({ status: 'triggered', fireCount: 1 });
    const firings = await history(ada, alert.id);
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ notificationId: notification.id, value: 201.35, capped: false });
    feed.close();
  });

  it('fire a crossing only on an actual cross, never because the price was already past the level', async () => {
    market.set('MSFT', 410, 400);
    const bob = await person(server.url);
    const up = await createAlert(bob, { symbol: 'MSFT', condition: 'crossesAbove', level: 405 });
    const down = await createAlert(bob, { symbol: 'MSFT', condition: 'crossesBelow', level: 420 });
    await somePolls();
    expect(await alertNotifications(bob)).toEqual([]);

    // Down through 405 (a cross, but the other way for `up`; `down`'s level 420 is not crossed).
    market.set('MSFT', 401);
    await somePolls();
    expect(await alertNotifications(bob)).toEqual([]);
    // Up through 405: `up` fires.
    market.set('MSFT', 406.5);
    const [first] = await waitUntil('the cross above', async () => {
      const list = await alertNotifications(bob);
      return list.length > 0 ? list : undefined;
    });
    expect(first.title).toBe('MSFT crossed above $405.00');
    // Up through 420 and back under it: `down` fires on the way back.
    market.set('MSFT', 425);
    await somePolls();
    market.set('MSFT', 419);
    await waitUntil('the cross below', async () => ((await alertNotifications(bob)).length === 2 ? true : undefined));
    const titles = (await alertNotifications(bob)).map((n) => n.title);
    expect(titles).toEqual(['MSFT crossed above $405.00', 'MSFT crossed below $420.00']);
    expect((await alertOf(bob, up.id))?.status).toBe('triggered');
    expect((await alertOf(bob, down.id))?.status).toBe('triggered');
  });

  it('fire once a day at most, again on the next UTC day while the condition holds', async () => {
    market.set('KO', 61, 60);
    const cy = await person(server.url);
    const alert = await createAlert(cy, { symbol: 'KO', condition: 'priceAbove', level: 60.5, frequency: 'daily' });
    await waitUntil('the first firing', async () => ((await alertNotifications(cy)).length === 1 ? true : undefined));
    await somePolls();
    expect(await alertNotifications(cy)).toHaveLength(1);
    const waiting = await alertOf(cy, alert.id);
    expect(waiting).toMatchObject({ status: 'armed', fireCount: 1 });
    const nextDay = Date.parse(String(waiting!.nextEligibleAt));
    expect(nextDay % 86_400_000).toBe(0);
    expect(nextDay - now()).toBeLessThanOrEqual(86_400_000);

    offset += nextDay - now() + 1_000;
    await waitUntil('the next day’s firing', async () =>
      (await alertNotifications(cy)).length === 2 ? true : undefined,
    );
    await somePolls();
    expect(await alertNotifications(cy)).toHaveLength(2);
    const firings = await history(cy, alert.id);
    expect(firings.map((f) => f.notificationId !== null)).toEqual([true, true]);
  });

  it('fire every time at most once per interval, and stop at the trigger cap with a notice', async () => {
    market.set('PEP', 150, 149);
    const dee = await person(server.url);
    const alert = await createAlert(dee, {
      symbol: 'PEP',
      condition: 'changeAbove',
      level: 0.5,
      frequency: 'throttle',
      intervalSeconds: 10,
    });
    await waitUntil('the first firing', async () => ((await alertNotifications(dee)).length === 1 ? true : undefined));
    await somePolls();
    // The condition still holds, but the interval has not passed.
    expect(await alertNotifications(dee)).toHaveLength(1);
    for (let n = 2; n <= TRIGGER_CAP.max; n++) {
      offset += 10_000;
      await waitUntil(`firing ${n}`, async () => ((await alertNotifications(dee)).length === n ? true : undefined));
    }
    const list = await alertNotifications(dee);
    expect(list[0].title).toBe("PEP day's change is above +0.50%");
    expect(list[0].body).toContain("Day's change +0.67%.");
    expect(list.at(-1)!.body).toContain(`It fired ${TRIGGER_CAP.max} times within 3 minutes, so it was stopped`);
    expect(await alertOf(dee, alert.id)).toMatchObject({ status: 'stopped', fireCount: TRIGGER_CAP.max });
    offset += 60_000;
    await somePolls();
    expect(await alertNotifications(dee)).toHaveLength(TRIGGER_CAP.max);

    // Turned on again by its owner, it fires at the next evaluation (the condition holds).
    const resumed = await dee.browser.patch(`/api/alerts/${alert.id}`, { active: true });
    expect(resumed.status, resumed.text).toBe(200);
    await waitUntil('the firing after resuming', async () =>
      (await alertNotifications(dee)).length === TRIGGER_CAP.max + 1 ? true : undefined,
    );
  });

  it('never fire a paused alert, and fire it at the next evaluation once resumed', async () => {
    market.set('NKE', 80, 78);
    const eve = await person(server.url);
    const alert = await createAlert(eve, { symbol: 'NKE', condition: 'priceBelow', level: 70 });
    const paused = await eve.browser.patch(`/api/alerts/${alert.id}`, { active: false });
    expect(paused.json.status).toBe('paused');
    market.set('NKE', 65);
    await somePolls();
    expect(await alertNotifications(eve)).toEqual([]);
    await eve.browser.patch(`/api/alerts/${alert.id}`, { active: true });
    await waitUntil('the resumed alert', async () => ((await alertNotifications(eve)).length === 1 ? true : undefined));
  });

  it('fire an edited alert afresh, even one that fired already', async () => {
    market.set('IBM', 250, 245);
    const fay = await person(server.url);
    const alert = await createAlert(fay, { symbol: 'IBM', condition: 'priceAbove', level: 240 });
    await waitUntil('the first firing', async () => ((await alertNotifications(fay)).length === 1 ? true : undefined));
    const edited = await fay.browser.patch(`/api/alerts/${alert.id}`, { level: 245 });
    expect(edited.json).toMatchObject({ status: 'armed', level: 245 });
    await waitUntil('the edited alert', async () => ((await alertNotifications(fay)).length === 2 ? true : undefined));
    // A note alone changes nothing about when it fires.
    await fay.browser.patch(`/api/alerts/${alert.id}`, { note: 'just a note' });
    await somePolls();
    expect(await alertNotifications(fay)).toHaveLength(2);
    expect((await alertOf(fay, alert.id))?.status).toBe('triggered');
  });

  it('expire an alert that did not fire before its expiry', async () => {
    market.set('T', 20, 20);
    const gus = await person(server.url);
    const alert = await createAlert(gus, {
      symbol: 'T',
      condition: 'priceAbove',
      level: 30,
      expiresAt: new Date(now() + 3_600_000).toISOString(),
    });
    offset += 2 * 3_600_000;
    // The expiry sweep runs every 10 s of the server's clock.
    offset += 20_000;
    await waitUntil('the expiry', async () =>
      (await alertOf(gus, alert.id))?.status === 'expired' ? true : undefined,
    );
    market.set('T', 35);
    await somePolls();
    expect(await alertNotifications(gus)).toEqual([]);
  });

  it('fire on the day’s change, RSI(14) and the moving-average crossovers', async () => {
    const hal = await person(server.url);
    // Fifty days at 100: MA20 = MA50. The live price below then above makes MA20 cross MA50 both ways.
    market.setCloses(
      'XOM',
      Array.from({ length: 60 }, () => 100),
    );
    market.set('XOM', 90, 100);
    const golden = await createAlert(hal, { symbol: 'XOM', condition: 'goldenCross' });
    const rsiLow = await createAlert(hal, { symbol: 'XOM', condition: 'rsiBelow', level: 30 });
    const drop = await createAlert(hal, { symbol: 'XOM', condition: 'changeBelow', level: -5 });
    await waitUntil('RSI and change', async () => ((await alertNotifications(hal)).length === 2 ? true : undefined));
    const titles = (await alertNotifications(hal)).map((n) => n.title).sort();
    expect(titles).toEqual(['XOM RSI(14) is below 30', "XOM day's change is below -5.00%"]);
    market.set('XOM', 110);
    await waitUntil('the golden cross', async () => ((await alertNotifications(hal)).length === 3 ? true : undefined));
    const cross = (await alertNotifications(hal)).at(-1)!;
    expect(cross.title).toBe('XOM golden cross: MA20 crossed above MA50');
    expect(cross.data).toMatchObject({ alertId: golden.id, condition: 'goldenCross', level: null });
    expect((await alertOf(hal, rsiLow.id))?.status).toBe('triggered');
    expect((await alertOf(hal, drop.id))?.status).toBe('triggered');
  });

  it('stop firing a deleted alert', async () => {
    market.set('CVX', 150, 150);
    const ida = await person(server.url);
    const alert = await createAlert(ida, { symbol: 'CVX', condition: 'crossesAbove', level: 155 });
    expect((await ida.browser.delete(`/api/alerts/${alert.id}`)).status).toBe(200);
    market.set('CVX', 160);
    await somePolls();
    expect(await alertNotifications(ida)).toEqual([]);
  });

  it('reach the channels chosen for the alert, else the user’s defaults', async () => {
    market.set('WMT', 100, 99);
    const jo = await person(server.url);
    // E-mail is off in Jo's preferences, but this alert asks for it.
    await createAlert(jo, { symbol: 'WMT', condition: 'priceAbove', level: 99.5, channels: ['email'] });
    await waitUntil('the chosen e-mail', () => (smtp.mailsTo(jo.email).length === 1 ? true : undefined));
    expect(smtp.mailsTo(jo.email)[0].parsed.subject).toBe('WMT is above $99.50');
    expect(smtp.mailsTo(jo.email)[0].parsed.text).toContain('WMT at $100.00 at ');

    // E-mail on by default now; an in-app-only alert sends none, an alert on the defaults does.
    await jo.browser.put('/api/notifications/preferences', { email: true });
    await createAlert(jo, { symbol: 'WMT', condition: 'priceAbove', level: 99.6, channels: [] });
    await waitUntil('the in-app one', async () => ((await alertNotifications(jo)).length === 2 ? true : undefined));
    await createAlert(jo, { symbol: 'WMT', condition: 'priceAbove', level: 99.7 });
    await waitUntil('the default one', async () => ((await alertNotifications(jo)).length === 3 ? true : undefined));
    await server.deps.notifications.idle();
    expect(smtp.mailsTo(jo.email).map((m) => m.parsed.subject)).toEqual(['WMT is above $99.50', 'WMT is above $99.70']);
  });
});
