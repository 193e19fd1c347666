import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AlertNotificationData } from '../../src/shared/alerts/types';
import type { AppNotification } from '../../src/shared/notifications/types';
import { Browser, sessionCookieOf, signUp, uniqueEmail } from '../../tests/api/auth-helpers';
import { TrpcSocket } from '../../tests/helpers/sockets';
import { onCleanup, withTimeout } from '../scale/lifecycle';

/**
 * Tick to toast, measured on real server processes (bench/servers/alerts.ts): people with `notifications.live` open
 * on one instance, crossing alerts on a symbol whose price the bench sets, then a price move through every level.
 * For each notification that arrives: the firing recorded (firing row) minus the tick (the quote's arrival at the
 * evaluator), the notification stored minus the tick, and its arrival on the person's socket minus the tick. On two
 * PostgreSQL instances the sockets are on the instance that does not evaluate, so each toast crosses instances
 * (NOTIFY). Both clocks are this machine's.
 */

const here = dirname(fileURLToPath(import.meta.url));
const SYMBOL = 'AAPL';
export const POLL_MS = 500;
/** People, each with a socket, and alerts per person per burst. */
const PEOPLE = 20;
const ALERTS_PER_PERSON = 2;
const BURSTS = 8;
const SINGLES = 10;

export interface BenchServer {
  url: string;
  child: ChildProcess;
  setPrice(price: number): void;
  stop(): Promise<void>;
}

/** Starts bench/servers/alerts.ts on the SQLite file `databasePath`, or on `env.DATABASE_URL`. */
export async function startAlertServer(databasePath: string, env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../servers/alerts.ts'), databasePath], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, MARKET_LIVE_POLL_MS: String(POLL_MS), ...env },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  onCleanup(stop);
  const line = await withTimeout(
    new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`alerts bench server exited with ${code}`)));
      createInterface({ input: child.stdout }).once('line', resolve);
    }),
    60_000,
    'alerts bench server start',
  );
  return {
    url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`,
    child,
    setPrice: (price) => child.stdin.write(`${JSON.stringify({ symbol: SYMBOL, price })}\n`),
    stop,
  };
}

/** Whether the server evaluates the alerts (its metrics gauge). */
export async function evaluates(server: BenchServer): Promise<boolean> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return /^tickwise_alerts_evaluating 1$/m.test(text);
}

export interface LatencySamples {
  /** Tick -> firing recorded, tick -> notification stored, tick -> on the socket (ms), one per notification. */
  toRow: number[];
  toStored: number[];
  toSocket: number[];
  /** The same, one alert at a time (nothing else firing). */
  singleToSocket: number[];
  lost: number;
}

interface Person {
  browser: Browser;
  arrivals: Array<{ notification: AppNotification; at: number }>;
  socket: TrpcSocket;
}

async function signUpWithFeed(apiUrl: string, feedUrl: string): Promise<Person> {
  const browser = new Browser(apiUrl);
  const { res } = await signUp(browser, uniqueEmail('alerts-bench'));
  const cookie = sessionCookieOf(res.headers);
  browser.request = (
    (request) =>
    (method: string, path: string, body?: unknown, headers = {}) =>
      request(method, path, body, { cookie, ...headers })
  )(browser.request.bind(browser));
  const socket = await TrpcSocket.open(feedUrl, { cookie });
  const sub = socket.subscribe('notifications.live', undefined);
  if (!(await sub.outcome).ok) throw new Error('notifications.live refused');
  const arrivals: Person['arrivals'] = [];
  let seen = 0;
  // Stamped in the socket's own message handler's turn: the arrival, not when the bench looks.
  socket.ws.on('message', () => {
    for (; seen < sub.data.length; seen++) {
      const event = sub.data[seen] as { data: { type: string; notification?: AppNotification } };
      if (event.data.type === 'notification') arrivals.push({ notification: event.data.notification!, at: Date.now() });
    }
  });
  return { browser, arrivals, socket };
}

async function createAlerts(person: Person, levels: number[]): Promise<void> {
  for (const level of levels) {
    const res = await person.browser.post('/api/alerts', { symbol: SYMBOL, condition: 'crossesAbove', level });
    if (res.status !== 201) throw new Error(`alert not created: ${res.status} ${res.text}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForArrivals(people: Person[], expected: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const count = () => people.reduce((n, p) => n + p.arrivals.length, 0);
  while (count() < expected && Date.now() < deadline) await pause(20);
  return count();
}

/**
 * Bursts: every person gets ALERTS_PER_PERSON crossings at levels between 100 and 110 while the price is 100; then
 * the price goes to 120 and all of them fire on the same tick. Singles: one alert, one person, nothing else firing.
 */
export async function measureLatency(servers: BenchServer[], apiUrl: string, feedUrl: string): Promise<LatencySamples> {
  const setPrice = (price: number) => servers.forEach((s) => s.setPrice(price));
  setPrice(100);
  const people: Person[] = [];
  for (let i = 0; i < PEOPLE; i++) people.push(await signUpWithFeed(apiUrl, feedUrl));
  const samples: LatencySamples = { toRow: [], toStored: [], toSocket: [], singleToSocket: [], lost: 0 };
  const take = (from: Person[], into: 'burst' | 'single') => {
    for (const person of from) {
      for (const { notification, at } of person.arrivals) {
        const data = notification.data as unknown as AlertNotificationData;
        if (into === 'single') {
          samples.singleToSocket.push(at - data.tickAt);
          continue;
        }
        samples.toRow.push(data.firedAt - data.tickAt);
        samples.toStored.push(Date.parse(notification.createdAt) - data.tickAt);
        samples.toSocket.push(at - data.tickAt);
      }
      person.arrivals.length = 0;
    }
  };
  try {
    for (let round = 0; round < BURSTS + SINGLES; round++) {
      const single = round >= BURSTS;
      const group = single ? [people[round % PEOPLE]] : people;
      const perPerson = single ? 1 : ALERTS_PER_PERSON;
      setPrice(100);
      await pause(POLL_MS * 2);
      await Promise.all(
        group.map((person) =>
          createAlerts(
            person,
            Array.from({ length: perPerson }, () => 100 + Math.random() * 10),
          ),
        ),
      );
      // The evaluator learns of them (over the bus on the other instance) and sees the price still at 100.
      await pause(POLL_MS * 2);
      setPrice(120);
      const expected = group.length * perPerson;
      const arrived = await waitForArrivals(group, expected, 20_000);
      samples.lost += expected - arrived;
      take(group, single ? 'single' : 'burst');
    }
  } finally {
    for (const person of people) person.socket.close();
  }
  return samples;
}
