import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../../src/server/observability/logger';

/**
 * A logger made with the server's own options (its redaction included) whose JSON lines are kept in memory, for
 * tests that check what the server logs.
 */
export function capturingLogger(level: pino.Level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: pino(loggerOptions(level), sink) };
}
