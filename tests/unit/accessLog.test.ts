import type { FastifyReply, FastifyRequest } from 'fastify';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { writeAccessLine } from '../../src/server/http/accessLine';
import { AccessLogController, createRequestIdGenerator, SLOW_REQUEST_MS } from '../../src/server/http/accessLog';
import { createTrustFn } from '../../src/server/http/proxyTrust';
import { capturingLogger } from '../helpers/capturingLogger';

/** A request that took `ms`, with the request's child logger and the server's root logger. */
function completed(ms: number, status = 200, url = '/api/stocks/quotes') {
  const { lines, log } = capturingLogger();
  const request = {
    id: 'abcd1234-1',
    method: 'POST',
    url,
    routeOptions: { url },
    log: log.child({ reqId: 'abcd1234-1' }),
    server: { log },
  };
  const reply = { statusCode: status, elapsedTime: ms };
  return { lines, request: request as unknown as FastifyRequest, reply: reply as unknown as FastifyReply };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('access log', () => {
  // The held-back counts go to their own logger; these tests stay within the budget.
  const controller = new AccessLogController({ log: pino({ level: 'silent' }) });

  it('writes one info line for an ordinary request and nothing when it comes in', async () => {
    const { lines, request, reply } = completed(3.14159);
    controller.incomingRequest();
    controller.requestCompleted(null, request, reply);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: 'abcd1234-1',
      method: 'POST',
      url: '/api/stocks/quotes',
      status: 200,
      ms: 3.1,
      msg: 'request',
    });
  });

  it(`warns about a request slower than ${SLOW_REQUEST_MS} ms, whatever its status`, async () => {
    const slow = completed(SLOW_REQUEST_MS + 250, 404);
    controller.requestCompleted(null, slow.request, slow.reply);
    const fast = completed(SLOW_REQUEST_MS - 1);
    controller.requestCompleted(null, fast.request, fast.reply);
    await settle();
    expect(slow.lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow request', status: 404, ms: 1250, reqId: 'abcd1234-1' }),
    ]);
    expect(fast.lines[0].level).toBe(30);
  });

  it('logs a failed answer at error level with the error, and shortens long URLs', async () => {
    const { lines, request, reply } = completed(5, 500, `/trpc/stocks.history?input=${'x'.repeat(500)}`);
    controller.requestCompleted(new Error('boom'), request, reply);
    await settle();
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'request errored',
      err: expect.objectContaining({ message: 'boom' }),
    });
    expect(String(lines[0].url).length).toBeLessThanOrEqual(201);
  });

  it('never logs the token of a password reset link (a credential for 30 minutes)', async () => {
    const token = 'Aq3_selector-part-xxxxxverifier-part-yyyyyyyyyyyyyyyyyyyyyyyyyyyy';
    for (const url of [`/auth/reset?token=${token}`, `/auth/reset?utm=x&token=${token}#top`]) {
      const { lines, request, reply } = completed(2, 200, url);
      controller.requestCompleted(null, request, reply);
      await settle();
      expect(JSON.stringify(lines)).not.toContain(token);
      expect(String(lines[0].url)).toMatch(/^\/auth\/reset\?.*token=\[redacted\]/);
    }
  });

  it('writes the same JSON pino would, escaping what a URL may hold', async () => {
    const url = '/api/stocks/search?q="quoted"\\back\nline\u2028é';
    const fast = capturingLogger();
    const slowWay = capturingLogger();
    expect(writeAccessLine(fast.log, { reqId: 'r-1', method: 'GET', url, status: 200, ms: 0.4 })).toBe(true);
    slowWay.log.child({ reqId: 'r-1' }).info({ method: 'GET', url, status: 200, ms: 0.4 }, 'request');
    await settle();
    const { time: t1, ...ours } = fast.lines[0];
    const { time: t2, ...pinos } = slowWay.lines[0];
    expect(ours).toEqual(pinos);
    expect(Object.keys(ours)).toEqual(Object.keys(pinos));
    expect(typeof t1).toBe('number');
    expect(typeof t2).toBe('number');
  });

  it('relies only on what pino keeps for its production destination: the stream and bindings symbols (contract)', () => {
    // The logger deps.ts builds: pino over pino.destination (sonic-boom). If pino renames or drops streamSym or
    // chindingsSym, or changes its line layout, this fails rather than the access log silently going missing.
    expect(typeof pino.symbols.streamSym).toBe('symbol');
    expect(typeof pino.symbols.chindingsSym).toBe('symbol');
    const file = join(mkdtempSync(join(tmpdir(), 'tickwise-accessline-')), 'log.jsonl');
    const destination = pino.destination({ dest: file, sync: true });
    const log = pino({ level: 'info' }, destination);
    const line = { reqId: 'r-2', method: 'POST', url: '/api/stocks/quotes', status: 200, ms: 1.25 };
    expect(writeAccessLine(log, line)).toBe(true);
    const { reqId, ...rest } = line;
    log.child({ reqId }).info(rest, 'request');
    destination.flushSync();
    const [ours, pinos] = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const withoutTime = ({ time: _time, ...other }: Record<string, unknown>) => other;
    expect(withoutTime(ours)).toEqual(withoutTime(pinos));
    expect(Object.keys(ours)).toEqual(Object.keys(pinos));
  });

  it('writes nothing below info level', async () => {
    const quiet = capturingLogger('warn');
    expect(writeAccessLine(quiet.log, { reqId: 'r', method: 'GET', url: '/', status: 200, ms: 1 })).toBe(true);
    await settle();
    expect(quiet.lines).toEqual([]);
  });
});

describe('access line budget', () => {
  it('logs every everyday answer up to the budget, then counts the rest and reports them once the second is over', async () => {
    const { lines, log } = capturingLogger();
    let clock = 1_700_000_000_000;
    const controller = new AccessLogController({ log, linesPerRoutePerSecond: 3, now: () => clock });
    const answer = (status: number, ms = 1) => {
      const request = {
        id: 'r',
        method: 'GET',
        url: '/api/stock/AAPL',
        routeOptions: { url: '/api/stock/:symbol' },
        log,
        server: { log },
      } as unknown as FastifyRequest;
      controller.requestCompleted(null, request, { statusCode: status, elapsedTime: ms } as unknown as FastifyReply);
    };
    for (let i = 0; i < 10; i++) answer(200);
    // Refusals and slow answers are never held back.
    answer(404);
    answer(200, SLOW_REQUEST_MS + 1);
    await settle();
    const perRequest = lines.filter((l) => l.msg === 'request');
    expect(perRequest.filter((l) => l.status === 404)).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'slow request')).toHaveLength(1);
    expect(perRequest.filter((l) => l.status === 200)).toHaveLength(3);
    expect(lines.filter((l) => String(l.msg).startsWith('more answers'))).toEqual([]);
    // The next second's first answer brings the count of the held-back lines.
    clock += 1000;
    answer(200);
    await settle();
    const reported = lines.filter((l) => String(l.msg).startsWith('more answers'));
    expect(reported).toEqual([
      expect.objectContaining({
        level: 30,
        route: '/api/stock/:symbol',
        requests: 7,
        second: '2023-11-14T22:13:20.000Z',
      }),
    ]);
    expect(lines.filter((l) => l.msg === 'request' && l.status === 200)).toHaveLength(4);
  });
});

describe('request ids', () => {
  const req = (id?: string, peer = '10.0.0.2') =>
    ({
      headers: id === undefined ? {} : { 'x-request-id': id },
      socket: { remoteAddress: peer },
    }) as unknown as IncomingMessage;
  /** Trusts the proxy at 10.0.0.2 only. */
  const proxyAt = createTrustFn({ kind: 'addresses', entries: ['10.0.0.2'] });

  it('are unique per request and per process', () => {
    const a = createRequestIdGenerator(false);
    const b = createRequestIdGenerator(false);
    const ids = new Set([a(req()), a(req()), a(req()), b(req())]);
    expect(ids.size).toBe(4);
  });

  it('adopt a well-formed id from a trusted proxy only', () => {
    expect(createRequestIdGenerator(proxyAt)(req('lb-7f3a:9'))).toBe('lb-7f3a:9');
    expect(createRequestIdGenerator(proxyAt)(req('x'.repeat(65)))).not.toBe('x'.repeat(65));
    expect(createRequestIdGenerator(proxyAt)(req('two words'))).not.toBe('two words');
    // A client talking to us directly is not a proxy, whatever header it sends.
    expect(createRequestIdGenerator(proxyAt)(req('lb-7f3a:9', '203.0.113.9'))).not.toBe('lb-7f3a:9');
    expect(createRequestIdGenerator(false)(req('lb-7f3a:9'))).not.toBe('lb-7f3a:9');
  });
});
