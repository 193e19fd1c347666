import { eq } from 'drizzle-orm';
import { tablesOf } from '../../src/server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../helpers/capturingLogger';
import { ApiClient } from '../helpers/http';
import { openSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { sessionCookieOf, uniqueEmail } from './auth-helpers';

/**
 * Issue 7 item 5: X-Forwarded-For is believed only as far as TRUST_PROXY says. The client address is the one the
 * last trusted proxy saw, so a client cannot write itself a fresh address and shake off a per-address limit.
 */

let oneHop: TestServer;
let loopbackList: TestServer;
let direct: TestServer;
beforeAll(async () => {
  [oneHop, loopbackList, direct] = await Promise.all([
    startTestServer({ TRUST_PROXY: '1', WS_MAX_CONNECTIONS_PER_ADDRESS: '2' }),
    startTestServer({ TRUST_PROXY: 'loopback' }),
    startTestServer({}),
  ]);
});
afterAll(async () => {
  await Promise.all([oneHop, loopbackList, direct].map((s) => s?.close()));
});

/** One failed sign-in with these X-Forwarded-For / -Proto headers; returns the address the server recorded. */
async function recordedAddress(server: TestServer, forwardedFor?: string): Promise<string> {
  const { signInAttempts } = tablesOf(server.deps.db);
  const email = uniqueEmail('proxy');
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const res = await new ApiClient(server.url).post('/api/auth/login', { email, password: 'wrong password' }, headers);
  expect(res.status).toBe(401);
  const [row] = await server.deps.db
    .select({ ip: signInAttempts.ip })
    .from(signInAttempts)
    .where(eq(signInAttempts.email, email));
  return row.ip;
}

describe('the client address', () => {
  it('with TRUST_PROXY=1 is the last X-Forwarded-For entry: what our one proxy saw', async () => {
    expect(await recordedAddress(oneHop, '198.51.100.1')).toBe('198.51.100.1');
    // The client wrote the first entry itself; the proxy appended the address it really came from.
    expect(await recordedAddress(oneHop, '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    expect(await recordedAddress(oneHop, '10.9.9.9, 1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
  });

  it('with a list of proxy addresses is the first entry, from the right, that is not a listed proxy', async () => {
    expect(await recordedAddress(loopbackList, '1.2.3.4, 198.51.100.2')).toBe('198.51.100.2');
    expect(await recordedAddress(loopbackList, '198.51.100.2, 127.0.0.9')).toBe('198.51.100.2');
  });

  it('without TRUST_PROXY ignores X-Forwarded-For and X-Forwarded-Proto altogether', async () => {
    expect(await recordedAddress(direct, '198.51.100.3')).toBe('127.0.0.1');
    const res = await new ApiClient(direct.url).post(
      '/api/auth/register',
      {
        email: uniqueEmail('tls'),
        password: 'correct horse 42',
        firstName: 'A',
        lastName: 'B',
        agreedToTerms: true,
        agreedToPrivacy: true,
      },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res.headers)).toBeTruthy();
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/; Secure/i);
  });
});

describe('forged X-Forwarded-For does not reset per-address limits', () => {
  it('sign-in failures from one real address are refused alike, whatever the client writes in front', async () => {
    // Two real addresses, the same number of failures; one of them forges a fresh first entry every time.
    const outcomes = async (real: string, forge: boolean) => {
      const seen: string[] = [];
      for (let i = 0; i < 25; i++) {
        const forwardedFor = forge ? `10.${i}.0.1, ${real}` : real;
        const res = await new ApiClient(oneHop.url).post(
          '/api/auth/login',
          { email: uniqueEmail('guess'), password: 'wrong password' },
          { 'x-forwarded-for': forwardedFor },
        );
        seen.push(`${res.status} ${res.json.message}`);
      }
      return seen;
    };
    const forged = await outcomes('198.51.100.20', true);
    const honest = await outcomes('198.51.100.21', false);
    expect(forged).toEqual(honest);
    // The address limit did bite: not every answer was a plain "wrong password".
    expect(new Set(forged).size).toBeGreaterThan(1);
    expect(forged.at(-1)).toMatch(/^(400|429) /);
  });

  it('the websocket cap per address holds against forged entries too', async () => {
    const open = [];
    for (let i = 0; i < 2; i++) {
      const outcome = await openSocket(oneHop.url, '/trpc', {
        headers: { 'x-forwarded-for': `10.0.0.${i}, 198.51.100.30` },
      });
      expect(outcome.kind).toBe('open');
      open.push(outcome);
    }
    const third = await openSocket(oneHop.url, '/trpc', { headers: { 'x-forwarded-for': '10.0.0.99, 198.51.100.30' } });
    expect(third).toMatchObject({ kind: 'refused', status: 429 });
    for (const o of open) if (o.kind === 'open') o.ws.close();
  });
});

describe('start-up warning for a hop count', () => {
  it('TRUST_PROXY=true (a hop count) warns that direct clients are trusted; the address list form does not', async () => {
    const logged = async (trustProxy: string) => {
      const { lines, log } = capturingLogger('warn');
      const server = await startTestServer({ TRUST_PROXY: trustProxy }, { log });
      await server.close();
      return lines.filter((l) => String(l.msg).startsWith('TRUST_PROXY')).map((l) => String(l.msg));
    };
    const warned = await logged('true');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('a client that reaches this port directly can still choose its own address');
    expect(warned[0]).toContain('TRUST_PROXY=loopback');
    expect(await logged('loopback')).toEqual([]);
    expect(await logged('false')).toEqual([]);
  });
});
