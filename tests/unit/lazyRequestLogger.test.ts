import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/server/http/lazyRequestLogger';
import { capturingLogger } from '../helpers/capturingLogger';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const make = (log: FastifyBaseLogger, opts = {}) =>
  lazyChildLoggerFactory.call({} as FastifyInstance, log, { reqId: 'r-1' }, opts, {} as IncomingMessage);

describe('lazy request logger', () => {
  it('makes the pino child only when the request logs, and logs with the request id', async () => {
    const { lines, log } = capturingLogger();
    const child = vi.spyOn(log, 'child');
    const requestLog = make(log);
    expect(requestLog.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    requestLog.error({ err: new Error('boom') }, 'request failed');
    requestLog.warn('second line');
    await settle();
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: 'r-1',
        msg: 'request failed',
        err: expect.objectContaining({ message: 'boom' }),
      }),
      expect.objectContaining({ level: 40, reqId: 'r-1', msg: 'second line' }),
    ]);
  });

  it('honours levels and makes a real child at once for a route with its own level', async () => {
    const { lines, log } = capturingLogger();
    const requestLog = make(log);
    requestLog.debug('not at info level');
    requestLog.level = 'debug';
    requestLog.debug('now it is');
    const quiet = make(log, { level: 'error' });
    quiet.warn('below the route level');
    await settle();
    expect(lines.map((l) => l.msg)).toEqual(['now it is']);
    expect(quiet.level).toBe('error');
  });
});
