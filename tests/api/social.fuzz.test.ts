import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { fieldBadBodies, genericBadBodies, json } from '../helpers/badBodies';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { befriend, person, type Person } from './social-helpers';

/**
 * Bad bodies and hostile query strings on every social path: wrong types, missing fields, huge values, arrays,
 * null, nesting, broken JSON, other content types, hostile ids. Every one gets a 4xx with a message, never a 5xx,
 * and nothing is stored.
 */

let server: TestServer;
let ada: Person;
let bob: Person;
let requestId: string;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  [ada, bob] = [await person(server.url), await person(server.url)];
  await befriend(ada, bob);
  const carol = await person(server.url);
  requestId = (await carol.browser.post('/api/friend-requests/send', { username: ada.email })).json.request.id;
});
afterAll(async () => server?.close());

const huge = 'x'.repeat(9000);
const odd = [
  null,
  true,
  0,
  -1,
  1e308,
  [],
  {},
  '',
  '   ',
  huge,
  '\uD800',
  '\u0000',
  '../../etc/passwd',
  "' or 1=1 --",
  { $gt: '' },
];

/** Rows in one of the server's tables (its engine's, from its handle). */
const countRows = async (table: 'directMessages' | 'friendRequests') =>
  (await server.deps.db.select({ n: count() }).from(tablesOf(server.deps.db)[table]))[0].n;

describe('fuzzed social bodies', () => {
  it('POST /api/direct-messages/send answers every bad body with a 4xx and a message, and stores nothing', async () => {
    const before = await countRows('directMessages');
    const valid = () => ({ receiverId: bob.id, content: 'hi', messageType: 'text' });
    const insight = { receiverId: bob.id, messageType: 'insight', agentMessageId: 1 };
    const cases = [
      ...genericBadBodies(valid()),
      ...fieldBadBodies(
        valid(),
        {
          receiverId: odd,
          content: odd.filter(
            (v) =>
              typeof v !== 'string' ||
              v.trim() === '' ||
              v.length > 2000 ||
              v.includes('\uD800') ||
              v.includes('\u0000'),
          ),
          messageType: odd,
        },
        ['messageType'],
      ),
      ...fieldBadBodies(insight, { agentMessageId: odd }),
      json('insight with typed text', { ...insight, content: 'hi' }),
      json('insight with typed metadata', {
        ...insight,
        metadata: { question: 'q', generatedAt: '2025-01-01T00:00:00Z', sources: [] },
      }),
    ];
    for (const bad of cases) {
      const res = await ada.browser.request(
        'POST',
        '/api/direct-messages/send',
        bad.body,
        bad.contentType ? { 'content-type': bad.contentType } : {},
      );
      expect(res.status, bad.label).toBeGreaterThanOrEqual(400);
      expect(res.status, bad.label).toBeLessThan(500);
      expect(typeof res.json?.message, bad.label).toBe('string');
    }
    expect(await countRows('directMessages')).toBe(before);
  });

  it('POST /api/friend-requests/send answers every bad body with a 4xx and a message', async () => {
    const before = await countRows('friendRequests');
    const cases = [
      ...genericBadBodies({ username: 'someone' }),
      ...fieldBadBodies({ username: 'x' }, { username: odd }),
    ];
    for (const bad of cases) {
      const res = await ada.browser.request(
        'POST',
        '/api/friend-requests/send',
        bad.body,
        bad.contentType ? { 'content-type': bad.contentType } : {},
      );
      expect(res.status, bad.label).toBeGreaterThanOrEqual(400);
      expect(res.status, bad.label).toBeLessThan(500);
      expect(typeof res.json?.message, bad.label).toBe('string');
    }
    expect(await countRows('friendRequests')).toBe(before);
  });

  it('POST /api/direct-messages/{friendId}/read answers bad bodies with a 4xx', async () => {
    const cases = [
      // The body is optional here (no body marks everything read), so empty, null and unrelated objects are valid.
      ...genericBadBodies({ upToId: 1 }).filter(
        (b) => !/empty body|no body|JSON null|one level down|nesting|proto|text\/plain|form/.test(b.label),
      ),
      ...fieldBadBodies({ upToId: 1 }, { upToId: [-1, 0, 1.5, 'x', [], {}, true, 1e308] }, ['upToId']),
    ];
    for (const bad of cases) {
      const res = await ada.browser.request(
        'POST',
        `/api/direct-messages/${bob.id}/read`,
        bad.body,
        bad.contentType ? { 'content-type': bad.contentType } : {},
      );
      expect(res.status, bad.label).toBeGreaterThanOrEqual(400);
      expect(res.status, bad.label).toBeLessThan(500);
    }
  });

  it('answers hostile path segments and query strings with a 4xx, never a 5xx', async () => {
    const segments = ['%00', '%ZZ', '..%2F..%2Fetc', 'a'.repeat(4000), '%F0%9F%92%A9', "'--", '%E2%80%AE', 'ABC'];
    for (const segment of segments) {
      for (const [method, path] of [
        ['GET', `/api/direct-messages/${segment}`],
        ['POST', `/api/direct-messages/${segment}/read`],
        ['POST', `/api/friend-requests/${segment}/accept`],
        ['POST', `/api/friend-requests/${segment}/reject`],
        ['GET', `/api/users/search?q=${segment}`],
        ['GET', `/api/direct-messages/${bob.id}?cursor=${segment}&limit=${segment}`],
      ] as const) {
        const res = await ada.browser.request(method, path, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path.slice(0, 60)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${method} ${path.slice(0, 60)}`).toBeLessThan(500);
      }
    }
    // Repeated and array-style query parameters.
    for (const query of ['q=ab&q=cd', 'q[]=ab', 'q[a]=b']) {
      const res = await ada.browser.get(`/api/users/search?${query}`);
      expect(res.status, query).toBeLessThan(500);
    }
    // The request is still there to be answered.
    expect((await ada.browser.post(`/api/friend-requests/${requestId}/accept`)).status).toBe(200);
  });
});
