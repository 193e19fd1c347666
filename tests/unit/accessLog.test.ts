import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AccessLogController, createRequestIdGenerator, SLOW_REQUEST_MS } from '../../src/server/http/accessLog';

type Line = { level: string; fields: Record<string, unknown>; msg: string };

/** A request whose logger records what it is given, and a reply that took `ms`. */
function completed(ms: number, status = 200, url = '/api/stocks/quotes') {
  const lines: Line[] = [];
  const log = Object.fromEntries(
    ['info', 'warn', 'error'].map((level) => [
      level,
      (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg }),
    ]),
  );
  const request = { method: 'POST', url, log } as unknown as FastifyRequest;
  const reply = { statusCode: status, elapsedTime: ms } as unknown as FastifyReply;
  return { lines, request, reply };
}

describe('access log', () => {
  const controller = new AccessLogController();

  it('writes one info line for an ordinary request and nothing when it comes in', () => {
    const { lines, request, reply } = completed(3.14159);
    controller.incomingRequest();
    controller.requestCompleted(null, request, reply);
    expect(lines).toEqual([
      { level: 'info', msg: 'request', fields: { method: 'POST', url: '/api/stocks/quotes', status: 200, ms: 3.1 } },
    ]);
  });

  it(`warns about a request slower than ${SLOW_REQUEST_MS} ms, whatever its status`, () => {
    const { lines, request, reply } = completed(SLOW_REQUEST_MS + 250, 404);
    controller.requestCompleted(null, request, reply);
    expect(lines).toEqual([
      { level: 'warn', msg: 'slow request', fields: expect.objectContaining({ status: 404, ms: 1250 }) },
    ]);
    const fast = completed(SLOW_REQUEST_MS - 1);
    controller.requestCompleted(null, fast.request, fast.reply);
    expect(fast.lines[0].level).toBe('info');
  });

  it('logs a failed answer at error level with the error, and shortens long URLs', () => {
    const { lines, request, reply } = completed(5, 500, `/trpc/stocks.history?input=${'x'.repeat(500)}`);
    const error = new Error('boom');
    controller.requestCompleted(error, request, reply);
    expect(lines[0].level).toBe('error');
    expect(lines[0].fields.err).toBe(error);
    expect(String(lines[0].fields.url).length).toBeLessThanOrEqual(201);
  });
});

describe('request ids', () => {
  const req = (id?: string) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

  it('are unique per request and per process', () => {
    const a = createRequestIdGenerator(false);
    const b = createRequestIdGenerator(false);
    const ids = new Set([a(req()), a(req()), a(req()), b(req())]);
    expect(ids.size).toBe(4);
  });

  it('adopt a well-formed id from a trusted proxy only', () => {
    expect(createRequestIdGenerator(true)(req('lb-7f3a:9'))).toBe('lb-7f3a:9');
    expect(createRequestIdGenerator(true)(req('x'.repeat(65)))).not.toBe('x'.repeat(65));
    expect(createRequestIdGenerator(true)(req('two words'))).not.toBe('two words');
    expect(createRequestIdGenerator(false)(req('lb-7f3a:9'))).not.toBe('lb-7f3a:9');
  });
});
