import pino, { type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config';
import { redactLogArguments, serializeError } from './logRedaction';

/** Lines are written in batches of 4 KB, or after a second when traffic is light. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

/**
 * The options of every logger the server makes (tests build theirs from them too): a failed query's values never
 * reach a line, whichever key its error is logged under (logRedaction.ts).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method) {
        Reflect.apply(method, this, redactLogArguments(args));
      },
    },
    // The hook has already written errors as plain objects (with their causes nested): pino's own serializer would
    // fold the causes into one message and call the result an Object.
    serializers: { err: (value: unknown) => (value instanceof Error ? serializeError(value) : value) },
  };
}

/**
 * Production logs go to stdout in batches rather than one write per line: under load the access log's write calls
 * cost more than formatting the lines. pino flushes what is left when the process exits, so only a SIGKILL can lose
 * the last second of lines. Development logs stay immediate and pretty.
 */
export function createLogger(config: Pick<AppConfig, 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  if (config.NODE_ENV === 'development') {
    return pino({ ...loggerOptions(config.LOG_LEVEL), transport: { target: 'pino-pretty' } });
  }
  return pino(
    loggerOptions(config.LOG_LEVEL),
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}
