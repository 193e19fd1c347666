import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { join } from 'node:path';
import { LocalPushService, type TestSubscription } from '../helpers/pushService';
import { newUser, registerViaApi } from './support';

/**
 * Issue 30 §3 in Chromium: the service worker at /sw.js and the client module that subscribes a device
 * (features/notifications/pushDevice.ts).
 *
 * Chromium subscribes through Google's push service (FCM), which this closed machine cannot reach:
 * PushManager.subscribe() never answers here. So the one hop we cannot run is replaced at both ends:
 * - in the page, PushManager.subscribe returns a subscription of the local push service (tests/helpers/pushService.ts),
 *   and the test checks what the module asked it for (the server's VAPID key, user-visible only);
 * - the push the server sends reaches the local push service, which checks its VAPID signature and decrypts it; the
 *   decrypted payload is then delivered to the service worker by Chromium's own push path
 *   (DevTools' ServiceWorker.deliverPushMessage, what the Application panel's "Push" button does).
 * Clicks are dispatched in the worker as NotificationEvents. A synthetic click carries no user activation, so the
 * browser refuses focus() and openWindow() for it: those two are recorded instead of called; navigate() is real.
 */

const root = join(import.meta.dirname, '../..');
let pushService: LocalPushService;
let clientBundle: string;

test.beforeAll(async () => {
  pushService = await LocalPushService.start();
  // The real module and its tRPC calls, bundled for the page (the app shows no push settings yet).
  const result = await build({
    stdin: {
      contents: `
        import { subscribeDevice, unsubscribeDevice, pushState } from './src/client/features/notifications/pushDevice';
        import { createPushApi } from './src/client/features/notifications/pushApi';
        import { useTRPCClient } from './src/client/lib/trpc';
        const pushApi = createPushApi(useTRPCClient());
        window.tickwisePush = {
          subscribe: () => subscribeDevice(pushApi),
          unsubscribe: () => unsubscribeDevice(pushApi),
          state: pushState,
        };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    define: { 'import.meta.env.DEV': 'false' },
    logLevel: 'error',
  });
  clientBundle = result.outputFiles[0].text;
});
test.afterAll(async () => pushService?.close());

/** PushManager as far as this machine can go without FCM: subscribe() hands out the local push service's endpoint. */
function fakePushManager(subscription: TestSubscription['json']) {
  const w = window as unknown as { pushCalls: unknown[]; current: unknown };
  w.pushCalls = [];
  w.current = null;
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(w.current as PushSubscription | null);
  };
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array;
    w.pushCalls.push({ userVisibleOnly: options?.userVisibleOnly, key: Array.from(key) });
    w.current = {
      endpoint: subscription.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => subscription,
      unsubscribe: () => {
        w.current = null;
        return Promise.resolve(true);
      },
    };
    return Promise.resolve(w.current as PushSubscription);
  };
}

async function signedInPage(context: BrowserContext, tag: string): Promise<Page> {
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  await registerViaApi(page, newUser(tag));
  return page;
}

/** The worker's registration id, for DevTools' push delivery. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data,
    }));
  });
}

test('serves /sw.js from the site root, not cached without asking, registered for the whole site', async ({
  page,
  baseURL,
}) => {
  const answer = await page.request.get('/sw.js');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/javascript/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(await answer.text()).toContain('notificationclick');
  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/sw.js')).scope);
  expect(scope).toBe(`${baseURL}/`);
});

test('subscribes this device with the server’s key, and a notification sent on the server is shown by the worker', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ bypassCSP: true });
  const device = pushService.subscription();
  await context.addInitScript(fakePushManager, device.json);
  const page = await signedInPage(context, 'push');
  await page.goto('/');
  await page.addScriptTag({ content: clientBundle });

  expect(
    await page.evaluate(() =>
      (window as unknown as { tickwisePush: { state(): Promise<string> } }).tickwisePush.state(),
    ),
  ).toBe('unsubscribed');
  const sent = await page.evaluate(() =>
    (window as unknown as { tickwisePush: { subscribe(): Promise<unknown> } }).tickwisePush.subscribe(),
  );
  expect(sent).toEqual(device.json);
  const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
  const calls = await page.evaluate(
    () => (window as unknown as { pushCalls: { userVisibleOnly: boolean; key: number[] }[] }).pushCalls,
  );
  expect(calls).toEqual([{ userVisibleOnly: true, key: Array.from(Buffer.from(publicKey, 'base64url')) }]);
  expect((await (await page.request.get('/api/notifications/preferences')).json()).pushDevices).toBe(1);

  // The server sends a notification; the local push service checks and decrypts it.
  expect((await page.request.post('/api/notifications/test')).status()).toBe(201);
  await expect.poll(() => pushService.pushesTo(device.id).length, { timeout: 10_000 }).toBe(1);
  const [push] = pushService.pushesTo(device.id);
  expect(push.vapid.publicKey).toBe(publicKey);

  // Chromium delivers that payload to the worker, which shows it. DevTools works through a blank tab of its own.
  // Its delivery is sometimes dropped on a loaded machine (the worker still starting), so it is repeated until the
  // notification shows: the notification's tag makes a repeat replace it, never add a second.
  const cdp = await context.newCDPSession(await context.newPage());
  const id = await registrationId(cdp, `${baseURL}/`);
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: id, data: push.payload });
  await expect
    .poll(
      async () => {
        const shown = await shownNotifications(page);
        if (shown.length === 0) await deliver();
        return shown.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const [shown] = await shownNotifications(page);
  const payload = JSON.parse(push.payload) as { id: number };
  expect(shown).toEqual({
    title: 'Test notification',
    body: 'Notifications from Tickwise look like this.',
    tag: `notification-${payload.id}`,
    data: { id: payload.id, url: `${baseURL}/` },
  });
  // The same push again replaces its notification rather than showing a second one.
  await deliver();
  // Then another notification: once the worker has shown it, it has handled the repeat delivered before it (this
  // one is delivered again until shown, as above).
  const other = JSON.stringify({ ...(JSON.parse(push.payload) as Record<string, unknown>), id: payload.id + 1 });
  await expect
    .poll(
      async () => {
        const tags = (await shownNotifications(page)).map((n) => n.tag).sort();
        if (!tags.includes(`notification-${payload.id + 1}`)) {
          await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: id, data: other });
        }
        return tags;
      },
      { timeout: 20_000 },
    )
    .toEqual([`notification-${payload.id}`, `notification-${payload.id + 1}`].sort());

  // Unsubscribing tells the server, which forgets the device.
  await page.evaluate(() =>
    (window as unknown as { tickwisePush: { unsubscribe(): Promise<void> } }).tickwisePush.unsubscribe(),
  );
  expect((await (await page.request.get('/api/notifications/preferences')).json()).pushDevices).toBe(0);
  await context.close();
});

test('a click brings a Tickwise window to the notification’s page, or opens one; a push that is not ours still shows', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  // DevTools works through a blank tab of its own, so the Tickwise window can be closed.
  const control = await context.newPage();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  // Controlled by the worker from the next load on.
  await page.reload();
  const cdp = await context.newCDPSession(control);
  const id = await registrationId(cdp, `${baseURL}/`);
  const deliver = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: id, data });

  await deliver(JSON.stringify({ id: 41, kind: 'alert', title: 'AAPL above 200', body: 'x', link: '/status' }));
  await deliver('not json at all');
  await deliver(JSON.stringify({ id: 42, kind: 'alert', title: 'Elsewhere', body: '', link: 'https://evil.example/' }));
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(3);
  const shown = await shownNotifications(page);
  expect(shown.map((n) => [n.title, n.data.url])).toEqual(
    expect.arrayContaining([
      ['AAPL above 200', `${baseURL}/status`],
      ['Tickwise', `${baseURL}/`],
      // A link off the site opens the home page instead.
      ['Elsewhere', `${baseURL}/`],
    ]),
  );

  /** The running worker (a new one when Chromium stopped the last after its tab closed). */
  const liveWorker = async () => context.serviceWorkers().at(-1) ?? context.waitForEvent('serviceworker');
  const click = async (tag: string) =>
    (await liveWorker()).evaluate(async (wanted) => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<{ tag: string }[]> };
        calls?: string[][];
      };
      const calls: string[][] = (scope.calls = []);
      // A synthetic click has no user activation: record what the browser would refuse.
      const proto = (
        globalThis as unknown as { WindowClient: { prototype: { focus(): Promise<unknown>; url: string } } }
      ).WindowClient.prototype;
      proto.focus = function (this: { url: string }) {
        calls.push(['focus', this.url]);
        return Promise.resolve(this);
      };
      const clientsProto = (
        globalThis as unknown as { Clients: { prototype: { openWindow(url: string): Promise<null> } } }
      ).Clients.prototype;
      clientsProto.openWindow = (url: string) => {
        calls.push(['open', url]);
        return Promise.resolve(null);
      };
      const notification = (await scope.registration.getNotifications()).find((n) => n.tag === wanted);
      // Not shown yet: the caller delivers again and polls.
      if (!notification) return null;
      const Ctor = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: object) => Event & { waitUntil(p: Promise<unknown>): void };
        }
      ).NotificationEvent;
      const event = new Ctor('notificationclick', { notification });
      let done: Promise<unknown> = Promise.resolve();
      event.waitUntil = (promise) => {
        done = promise;
      };
      dispatchEvent(event);
      await done;
      const remaining = (await scope.registration.getNotifications()).map((n) => n.tag);
      return { calls, closed: !remaining.includes(wanted) };
    }, tag);

  /**
   * Clicks a notification once it shows. DevTools' delivery is sometimes dropped on a loaded machine (the worker
   * starting, or replaced after its tab closed), so it is delivered again until the notification is there; its tag
   * makes a repeat replace it. A worker Chromium just stopped cannot be evaluated in: that is a try again too.
   */
  const clickWhenShown = async (tag: string, push: object) => {
    const result = await click(tag).catch(() => null);
    if (!result) await deliver(JSON.stringify(push));
    return result;
  };
  const alert = (id: number, title: string, link: string) => ({ id, kind: 'alert', title, body: '', link });

  // A Tickwise window on another page: taken to the notification's page and focused; the notification closes.
  await expect
    .poll(() => clickWhenShown('notification-41', { ...alert(41, 'AAPL above 200', '/status'), body: 'x' }))
    .toEqual({ calls: [['focus', `${baseURL}/status`]], closed: true });
  await expect(page).toHaveURL(`${baseURL}/status`);
  // Already on that page: just focused.
  await expect
    .poll(() => clickWhenShown('notification-43', alert(43, 'Again', '/status')), { timeout: 20_000 })
    .toEqual({ calls: [['focus', `${baseURL}/status`]], closed: true });
  // No Tickwise window open: a new one is opened on the page.
  await page.close();
  await expect
    .poll(async () => (await clickWhenShown('notification-44', alert(44, 'Tab closed', '/portfolio')))?.calls, {
      timeout: 20_000,
    })
    .toEqual([['open', `${baseURL}/portfolio`]]);
  await context.close();
});
