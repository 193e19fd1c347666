import pg from 'pg';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { DAY_MS } from '../../src/server/status/rollup';
import type { ServiceReport, SystemStatus } from '../../src/shared/status/types';
import { ApiClient } from '../helpers/http';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';

const START = Date.UTC(2026, 10, 21, 14, 37, 10);
const SPEC_SERVICE_FIELDS = ['name', 'category', 'description', 'status', 'uptime'];

function service(status: SystemStatus, id: string): ServiceReport {
  const found = status.services.find((s) => s.id === id);
  if (!found) throw new Error(`no service ${id}`);
  return found;
}

describe('GET /api/system/status and /api/system/storage', () => {
  const clock = manualClock(START);
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE_LIMIT_GB: '12.5' }, { now: clock.now });
    api = new ApiClient(server.url);
  });
  afterAll(async () => server?.close());

  it('answers the spec fields, 90 daily entries per service and the time of the last check', async () => {
    const res = await api.get('/api/system/status');
    expect(res.status).toBe(200);
    const body = res.json as SystemStatus;
    // Which service was not online, and how long its check took, when this fails (a slow round trip, say).
    const statuses = body.services.map((s) => `${s.id}: ${s.status} in ${s.latencyMs} ms`).join(', ');
    expect(body.overallStatus, statuses).toBe('online');
    expect(body.lastCheckedAt).toBe(new Date(START).toISOString());
    // One server on this database, its heartbeat taken when it started listening.
    expect(body.instances).toBe(1);
    expect(body.services.map((s) => s.id)).toEqual(['database', 'storage', 'market', 'realtime', 'ai']);
    for (const s of body.services) {
      for (const field of SPEC_SERVICE_FIELDS) expect(s, `${s.id}.${field}`).toHaveProperty(field);
      expect(s.status, `${s.id}: ${JSON.stringify(s)}`).toBe('online');
      expect(s.uptime).toBe(100);
      expect(s.days).toHaveLength(90);
      expect(s.days[0].date).toBe('2026-08-24');
      expect(s.days.at(-1)).toEqual({
        date: '2026-11-21',
        uptime: 100,
        worstStatus: 'online',
        incidents: 0,
        checkedMinutes: 1,
        onlineMinutes: 1,
        limitedMinutes: 0,
        offlineMinutes: 0,
      });
      expect(s.days.slice(0, 89).every((d) => d.uptime === null && d.worstStatus === null)).toBe(true);
    }
    expect(new Set(body.services.map((s) => s.category))).toEqual(new Set(['Core platform', 'Live data', 'AI']));
  });

  it('serves the status from memory: asking again runs no probes', async () => {
    const rounds = server.deps.status.rounds;
    const [a, b] = await Promise.all([api.get('/api/system/status'), api.get('/api/system/status')]);
    expect(a.text).toBe(b.text);
    expect(server.deps.status.rounds).toBe(rounds);
  });

  it('answers storage from the real database against STORAGE_LIMIT_GB', async () => {
    await server.deps.status.runRound();
    const res = await api.get('/api/system/storage');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['estimatedSizeGB', 'totalAllowedGB', 'unit']);
    expect(res.json.unit).toBe('GB');
    expect(res.json.totalAllowedGB).toBe(12.5);
    const onDisk = await databaseBytes(server);
    expect(res.json.estimatedSizeGB).toBeGreaterThan(0);
    // Measured at the round; a few writes since then may have grown the log by some pages.
    expect(Math.abs(res.json.estimatedSizeGB * 1024 ** 3 - onDisk)).toBeLessThan(256 * 1024);
  });

  it('is the same through tRPC', async () => {
    const res = await api.get('/trpc/status.system,status.storage?batch=1&input={}');
    expect(res.status).toBe(200);
    expect(res.json[0].result.data.json.services).toHaveLength(5);
    expect(res.json[1].result.data.json.totalAllowedGB).toBe(12.5);
  });
});

describe('market data probe', () => {
  const clock = manualClock(START);
  let upstream: InstrumentedProvider;
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    upstream = instrumentProvider(createSimulatedProvider(clock.now));
    server = await startTestServer(
      { MARKET_UPSTREAM_TIMEOUT_MS: '150' },
      { now: clock.now, market: { provider: upstream.provider } },
    );
    api = new ApiClient(server.url);
  });
  afterAll(async () => server?.close());

  async function roundAfter(ms: number): Promise<SystemStatus> {
    clock.advance(ms);
    await server.deps.status.runRound();
    return (await api.get('/api/system/status')).json as SystemStatus;
  }

  it('says the prices are simulated, not a real-time feed, when the built-in market answers', async () => {
    const market = (await roundAfter(0)).services.find((s) => s.id === 'market')!;
    expect(market.description).toMatch(/simulated market/);
    expect(market.description).not.toMatch(/real-time/i);
  });

  it('goes limited when the provider fails, offline when no quote is left, and back online', async () => {
    let status = await roundAfter(0);
    expect(service(status, 'market').status).toBe('online');
    expect(upstream.quoteCalls.at(-1)).toEqual(['SPY']);

    upstream.mode = 'fail';
    status = await roundAfter(60_000);
    expect(service(status, 'market').status).toBe('limited');
    expect(status.overallStatus).toBe('limited');

    upstream.mode = 'hang';
    status = await roundAfter(60_000);
    expect(service(status, 'market').status).toBe('limited');

    // The last good quote is served for a day at most; after that there is nothing to show.
    upstream.mode = 'fail';
    status = await roundAfter(DAY_MS);
    expect(service(status, 'market').status).toBe('offline');
    expect(service(status, 'database').status).toBe('online');
    expect(status.overallStatus).toBe('limited');

    upstream.mode = 'ok';
    status = await roundAfter(60_000);
    expect(service(status, 'market').status).toBe('online');
    expect(status.overallStatus).toBe('online');
  });

  it('shows the outage in the daily history and the uptime', async () => {
    const status = (await api.get('/api/system/status')).json as SystemStatus;
    const market = service(status, 'market');
    const [yesterday, today] = market.days.slice(-2);
    // Yesterday: online, limited, limited (half each) -> (1 + 0.5 + 0.5) / 3.
    expect(yesterday).toMatchObject({
      date: '2026-11-21',
      checkedMinutes: 3,
      onlineMinutes: 1,
      limitedMinutes: 2,
      incidents: 1,
    });
    expect(yesterday.uptime).toBe(66.66);
    expect(yesterday.worstStatus).toBe('limited');
    // Today: offline, then online again -> one incident, 50 %.
    expect(today).toMatchObject({ date: '2026-11-22', checkedMinutes: 2, offlineMinutes: 1, incidents: 1, uptime: 50 });
    expect(today.worstStatus).toBe('offline');
    expect(market.uptime).toBe(60); // (2 online + 2 limited / 2) / 5 minutes
    expect(service(status, 'database').uptime).toBe(100);
  });
});

describe('history retention', () => {
  const clock = manualClock(START);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { now: clock.now });
  });
  afterAll(async () => server?.close());

  const checksBefore = async (time: number) =>
    (await server.deps.db.select().from(tablesOf(server.deps.db).statusChecks)).filter((c) => c.checkedAt < time)
      .length;

  it('keeps exactly 90 UTC days and prunes older checks', async () => {
    const { statusChecks, statusDays } = tablesOf(server.deps.db);
    await server.deps.status.runRound();
    expect(await checksBefore(START + 1)).toBe(5);

    // 89 days later the first day is still the oldest of the 90.
    clock.advance(89 * DAY_MS);
    let status = await server.deps.status.runRound();
    expect(await checksBefore(START + 1)).toBe(5);
    expect(status.services[0].days[0]).toMatchObject({ date: '2026-11-21', checkedMinutes: 1 });

    // One more day and it falls out of the window: rows deleted, bars shifted.
    clock.advance(DAY_MS);
    status = await server.deps.status.runRound();
    expect(await checksBefore(START + 1)).toBe(0);
    expect(await server.deps.db.select().from(statusChecks)).toHaveLength(10);
    // The day roll-ups go with their checks: 5 services x the 2 days left.
    expect(await server.deps.db.select().from(statusDays)).toHaveLength(10);
    expect(status.services[0].days[0]).toMatchObject({ date: '2026-11-22', uptime: null });
    expect(status.services[0].days.filter((d) => d.uptime !== null).map((d) => d.date)).toEqual([
      '2027-02-18',
      '2027-02-19',
    ]);
  });

  it('rebuilds the history from the stored day roll-ups after a restart', async () => {
    const { StatusMonitor } = await import('../../src/server/status/monitor');
    const fresh = new StatusMonitor(server.deps, { intervalMs: 0 });
    const status = await fresh.runRound();
    expect(status.services[0].days.filter((d) => d.uptime !== null).map((d) => [d.date, d.checkedMinutes])).toEqual([
      ['2027-02-18', 1],
      ['2027-02-19', 1], // the same minute checked twice counts once
    ]);
  });
});

describe('storage and AI probes', () => {
  let modelServer: Server;
  let modelAnswer = 200;
  const seenAuth: Array<string | undefined> = [];
  let server: TestServer;
  beforeAll(async () => {
    // A stand-in for an OpenAI-compatible model server: only GET /v1/models.
    modelServer = createServer((req, res) => {
      seenAuth.push(req.headers.authorization);
      const ok = req.url === '/v1/models' && req.method === 'GET';
      res.writeHead(ok ? modelAnswer : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(ok ? { object: 'list', data: [{ id: 'tiny', object: 'model' }] } : { error: 'not found' }),
      );
    });
    await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
    const { port } = modelServer.address() as { port: number };
    server = await startTestServer({
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      OPENAI_API_KEY: 'sk-test',
      // A fresh database is ~200 KB: far over a 100 KB allowance.
      STORAGE_LIMIT_GB: String(100 / 1024 / 1024),
    });
  });
  afterAll(async () => {
    await server?.close();
    modelServer?.close();
  });

  it('asks the model server for its models with the key, and follows its answers', async () => {
    let status = await server.deps.status.runRound();
    expect(service(status, 'ai').status).toBe('online');
    expect(seenAuth.at(-1)).toBe('Bearer sk-test');
    modelAnswer = 429;
    status = await server.deps.status.runRound();
    expect(service(status, 'ai').status).toBe('limited');
    modelAnswer = 500;
    status = await server.deps.status.runRound();
    expect(service(status, 'ai').status).toBe('offline');
  });

  it('reports storage offline past the allowance', async () => {
    const status = await server.deps.status.runRound();
    expect(service(status, 'storage').status).toBe('offline');
    const storage = await new ApiClient(server.url).get('/api/system/storage');
    expect(storage.json.estimatedSizeGB).toBeGreaterThan(storage.json.totalAllowedGB);
  });
});

describe('the database probe', () => {
  it('shows the database limited when a round trip is slower than STATUS_DATABASE_SLOW_MS', async () => {
    const server = await startTestServer({ STATUS_DATABASE_SLOW_MS: '0' });
    try {
      const status = await server.deps.status.runRound();
      // Any round trip takes more than 0 ms: limited, though it answered.
      expect(service(status, 'database').status).toBe('limited');
      expect(status.overallStatus).toBe('limited');
      expect(service(status, 'storage').status).toBe('online');
    } finally {
      await server.close();
    }
  });
});

describe('the probe loop', () => {
  it('starts when the server listens, runs every interval, and stops when the server closes', async () => {
    const server = await startTestServer({ STATUS_PROBE_INTERVAL_MS: '50' });
    const { statusChecks } = tablesOf(server.deps.db);
    try {
      expect(server.deps.status.isLooping).toBe(true);
      const deadline = Date.now() + 10_000;
      while (server.deps.status.rounds < 3) {
        if (Date.now() > deadline) throw new Error('the loop did not run three rounds');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await server.deps.db.select().from(statusChecks)).length).toBeGreaterThanOrEqual(15);
    } finally {
      await server.close();
    }
    expect(server.deps.status.isLooping).toBe(false);
  });

  it('does not run rounds by itself when switched off (the test servers)', async () => {
    const server = await startTestServer();
    try {
      expect(server.deps.status.isLooping).toBe(false);
      expect(server.deps.status.rounds).toBe(0);
    } finally {
      await server.close();
    }
  });
});

/** What the database occupies, measured the way an operator would: the SQLite files, or PostgreSQL's own figure. */
async function databaseBytes(server: TestServer): Promise<number> {
  if (server.deps.dbHandle.dialect === 'sqlite') {
    const path = server.deps.config.DATABASE_PATH;
    return statSync(path).size + statSync(`${path}-wal`).size;
  }
  const client = new pg.Client({ connectionString: server.deps.config.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
    return Number(rows[0].bytes);
  } finally {
    await client.end();
  }
}
