import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ALERTS_PER_SYMBOL, MAX_ALERTS_PER_USER, MAX_NOTE_LENGTH } from '../../src/shared/alerts/limits';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { createAlert } from './alerts-helpers';
import { person } from './social-helpers';

/**
 * Issue 30 §2, the alerts API: GET/POST /api/alerts, PATCH/DELETE /api/alerts/{id}, GET /api/alerts/{id}/history.
 * Clear 400s for levels, frequencies, expiries, notes and unknown symbols; someone else's alert is the same 404 as a
 * missing one; the per-account and per-symbol limits hold under parallel requests.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

const future = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('the alerts API', () => {
  it('creates, lists, edits and deletes an alert', async () => {
    const ada = await person(server.url);
    const created = await ada.browser.post('/api/alerts', {
      symbol: ' nvda ',
      condition: 'crossesBelow',
      level: 95.5,
      frequency: 'throttle',
      intervalSeconds: 300,
      note: '  Buy the dip  ',
      channels: ['push', 'inApp'],
      expiresAt: future(86_400_000),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      symbol: 'NVDA',
      condition: 'crossesBelow',
      level: 95.5,
      frequency: 'throttle',
      intervalSeconds: 300,
      note: 'Buy the dip',
      channels: ['inApp', 'push'],
      status: 'armed',
      fireCount: 0,
      lastFiredAt: null,
      nextEligibleAt: null,
    });
    expect(Date.parse(created.json.expiresAt)).toBeGreaterThan(Date.now());
    const id = created.json.id as number;

    const list = await ada.browser.get('/api/alerts');
    expect(list.status).toBe(200);
    expect(list.json.alerts.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(list.json.limits).toEqual({ alerts: MAX_ALERTS_PER_USER, activePerSymbol: MAX_ACTIVE_ALERTS_PER_SYMBOL });

    // The condition changes to one without a level: the level goes with it; the channels go back to the defaults.
    const edited = await ada.browser.patch(`/api/alerts/${id}`, {
      condition: 'deathCross',
      level: null,
      frequency: 'daily',
      channels: null,
      expiresAt: null,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      condition: 'deathCross',
      level: null,
      frequency: 'daily',
      intervalSeconds: null,
      channels: null,
      expiresAt: null,
      note: 'Buy the dip',
    });

    const history = await ada.browser.get(`/api/alerts/${id}/history`);
    expect(history.json).toEqual({ firings: [], nextCursor: null });

    const deleted = await ada.browser.delete(`/api/alerts/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ deleted: true });
    expect((await ada.browser.get('/api/alerts')).json.alerts).toEqual([]);
    expect((await ada.browser.delete(`/api/alerts/${id}`)).status).toBe(404);
  });

  it('refuses bad alerts with 400 and a sentence saying what is wrong', async () => {
    const ada = await person(server.url);
    const base = { symbol: 'AAPL', condition: 'priceAbove', level: 200 };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, level: 0 }, /positive price/],
      [{ ...base, level: -5 }, /positive price/],
      [{ ...base, level: 1e12 }, /positive price/],
      [{ ...base, level: '200' }, /level must be a number/],
      [{ symbol: 'AAPL', condition: 'priceAbove' }, /priceAbove needs a level/],
      [{ ...base, condition: 'changeAbove', level: -100 }, /percent above -100/],
      [{ ...base, condition: 'changeBelow', level: 5000 }, /at most 1000/],
      [{ ...base, condition: 'rsiAbove', level: 100 }, /between 0 and 100/],
      [{ ...base, condition: 'rsiBelow', level: 0 }, /between 0 and 100/],
      [{ ...base, condition: 'goldenCross' }, /no level/],
      [{ ...base, condition: 'priceAt' }, /condition must be one of/],
      [{ ...base, frequency: 'hourly' }, /frequency must be one of/],
      [{ ...base, frequency: 'throttle' }, /needs intervalSeconds/],
      [{ ...base, frequency: 'throttle', intervalSeconds: 5 }, /at least 10/],
      [{ ...base, frequency: 'throttle', intervalSeconds: 30.5 }, /whole number of seconds/],
      [{ ...base, intervalSeconds: 60 }, /only to frequency throttle/],
      [{ ...base, note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, new RegExp(`at most ${MAX_NOTE_LENGTH} characters`)],
      [{ ...base, note: 'bad \ud800 text' }, /cannot be stored/],
      [{ ...base, expiresAt: 'next week' }, /expiresAt must be a date/],
      [{ ...base, expiresAt: future(-60_000) }, /in the future/],
      [{ ...base, expiresAt: future(400 * 86_400_000) }, /within a year/],
      [{ ...base, channels: ['sms'] }, /channels may list/],
      [{ ...base, channels: 'push' }, /channels must be a list/],
      [{ ...base, symbol: 'AA PL' }, /Invalid symbol/],
      [{ ...base, symbol: 'ZZZZZZ' }, /Unknown symbol: ZZZZZZ/],
      [{ ...base, price: 200 }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const res = await ada.browser.post('/api/alerts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toMatch(message);
    }
    const list = await ada.browser.post('/api/alerts', [base]);
    expect(list.status).toBe(400);
    expect(list.json.message).toMatch(/JSON object/);

    // An edit is checked as the whole alert it makes: a new condition may need a level it lacks.
    const alert = await createAlert(ada, { symbol: 'AAPL', condition: 'goldenCross' });
    const noLevel = await ada.browser.patch(`/api/alerts/${alert.id}`, { condition: 'priceBelow' });
    expect(noLevel.status).toBe(400);
    expect(noLevel.json.message).toMatch(/priceBelow needs a level/);
    const unknown = await ada.browser.patch(`/api/alerts/${alert.id}`, { symbol: 'ZZZZZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/Unknown symbol/);
    expect((await ada.browser.get('/api/alerts')).json.alerts[0]).toMatchObject({
      condition: 'goldenCross',
      level: null,
    });

    expect((await fetch(`${server.url}/api/alerts`)).status).toBe(401);
  });

  it('answers someone else’s alert exactly like a missing one', async () => {
    const ada = await person(server.url);
    const eve = await person(server.url);
    const alert = await createAlert(ada, { symbol: 'MSFT', condition: 'priceBelow', level: 100, note: 'private' });
    const missing = 987_654_321;
    for (const id of [alert.id, missing, 'abc', '1.5', '-3']) {
      const answers = [
        await eve.browser.patch(`/api/alerts/${id}`, { level: 1 }),
        await eve.browser.delete(`/api/alerts/${id}`),
        await eve.browser.get(`/api/alerts/${id}/history`),
      ];
      for (const res of answers) {
        expect(res.status, `${id}`).toBe(404);
        expect(res.json).toEqual({ message: 'Alert not found' });
      }
    }
    expect((await eve.browser.get('/api/alerts')).json.alerts).toEqual([]);
    // Ada's alert is untouched.
    expect((await ada.browser.get('/api/alerts')).json.alerts[0]).toMatchObject({ level: 100, note: 'private' });
  });

  it(`keeps at most ${MAX_ALERTS_PER_USER} alerts per account, also when they are created at once`, async () => {
    const ada = await person(server.url);
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'V', 'KO', 'PEP', 'XOM'];
    const bodies = Array.from({ length: MAX_ALERTS_PER_USER + 15 }, (_, i) => ({
      symbol: symbols[i % symbols.length],
      condition: 'priceBelow',
      level: 1 + i,
    }));
    const answers = await Promise.all(bodies.map((body) => ada.browser.post('/api/alerts', body)));
    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(created).toHaveLength(MAX_ALERTS_PER_USER);
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(
        new RegExp(`You have ${MAX_ALERTS_PER_USER} alerts, the most one account may keep`),
      );
    }
    expect((await ada.browser.get('/api/alerts')).json.alerts).toHaveLength(MAX_ALERTS_PER_USER);
  });

  it(`keeps at most ${MAX_ACTIVE_ALERTS_PER_SYMBOL} armed alerts per symbol; paused ones wait outside the count`, async () => {
    const ada = await person(server.url);
    const bodies = Array.from({ length: MAX_ACTIVE_ALERTS_PER_SYMBOL + 5 }, (_, i) => ({
      symbol: 'JNJ',
      condition: 'priceAbove',
      level: 1_000 + i,
    }));
    const answers = await Promise.all(bodies.map((body) => ada.browser.post('/api/alerts', body)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(MAX_ACTIVE_ALERTS_PER_SYMBOL);
    const refusal = answers.find((res) => res.status === 400)!;
    expect(refusal.json.message).toBe(
      `You have ${MAX_ACTIVE_ALERTS_PER_SYMBOL} active alerts on JNJ, the most on one symbol. Delete or pause one first.`,
    );
    // Another symbol is fine; pausing one makes room; resuming it past the limit is refused.
    expect((await ada.browser.post('/api/alerts', { ...bodies[0], symbol: 'PG' })).status).toBe(201);
    const first = answers.find((res) => res.status === 201)!.json.id as number;
    expect((await ada.browser.patch(`/api/alerts/${first}`, { active: false })).json.status).toBe('paused');
    expect((await ada.browser.post('/api/alerts', bodies[0])).status).toBe(201);
    const resume = await ada.browser.patch(`/api/alerts/${first}`, { active: true });
    expect(resume.status).toBe(400);
    expect(resume.json.message).toMatch(/active alerts on JNJ/);
  });

  it('pages an alert’s history with a cursor and checks its query', async () => {
    const ada = await person(server.url);
    const alert = await createAlert(ada, { symbol: 'AAPL', condition: 'priceAbove', level: 1e6 });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=-1']) {
      const res = await ada.browser.get(`/api/alerts/${alert.id}/history?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    const page = await ada.browser.get(`/api/alerts/${alert.id}/history?limit=5&cursor=10`);
    expect(page.json).toEqual({ firings: [], nextCursor: null });
  });
});
