import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { createAgentEngine, type AgentEngine } from './ai';
import type { AppConfig } from './config';
import { openDatabase, type Db, type DbHandle } from './db/client';
import { createMarketService, type MarketOverrides, type MarketService } from './market';
import { createLucia, type AppLucia } from './modules/auth/lucia';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/passwords';
import { createInProcessBus, type Bus } from './realtime/bus';
import { StatusMonitor } from './status/monitor';

/**
 * Everything the routers and services need, built once at start-up.
 * Tests build the same thing on a temp database, so nothing here is mocked.
 */
export interface AppDeps {
  config: AppConfig;
  log: Logger;
  dbHandle: DbHandle;
  db: Db;
  lucia: AppLucia;
  /** argon2id hashing on worker threads of its own, away from the thread pool that reads files. */
  passwords: PasswordHasher;
  /** Signs short-lived tokens (captcha). */
  secret: string;
  /** Current time in UTC milliseconds; tests may pass a fixed clock. */
  now: () => number;
  /** Market data (provider chosen by MARKET_DATA) behind the cache; see market/service.ts. */
  market: MarketService;
  /** Publish/subscribe between parts of the server (real-time wake-ups, session ends); see realtime/bus.ts. */
  bus: Bus;
  /** The status probe loop and the status/storage answers it keeps in memory; see status/monitor.ts. */
  status: StatusMonitor;
  /** The AI engine chosen by configuration (OpenAI-compatible or the built-in analyst); see ai/index.ts. */
  ai: AgentEngine;
}

export interface DepsOverrides {
  log?: Logger;
  now?: () => number;
  /** Market-data provider or Yahoo fetch replacement (tests). */
  market?: MarketOverrides;
  /** Another password hasher (the bench compares the old libuv-pool hashing). */
  passwords?: PasswordHasher;
  /** Replaces the configured AI engine. */
  ai?: AgentEngine;
}

export function createDeps(config: AppConfig, overrides: DepsOverrides = {}): AppDeps {
  const log = overrides.log ?? createLogger(config);
  const dbHandle = openDatabase(config.DATABASE_PATH);
  const now = overrides.now ?? Date.now;
  const market = createMarketService(config, { now, log }, overrides.market);
  const base = {
    config,
    log,
    dbHandle,
    db: dbHandle.db,
    lucia: createLucia(dbHandle.db),
    passwords: overrides.passwords ?? createPasswordHasher(),
    secret: config.APP_SECRET ?? randomBytes(32).toString('hex'),
    now,
    market,
    bus: createInProcessBus((err, topic) => log.warn({ err, topic }, 'bus listener failed')),
    ai: overrides.ai ?? createAgentEngine(config, { log, now, market }),
  };
  // The loop itself starts when the server listens (app.ts), never here.
  return { ...base, status: new StatusMonitor(base, { intervalMs: config.STATUS_PROBE_INTERVAL_MS }) };
}

/** Lines are written in batches of 4 KB, or after a second when traffic is light. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

/**
 * Production logs go to stdout in batches rather than one write per line: under load the access log's write calls
 * cost more than formatting the lines. pino flushes what is left when the process exits, so only a SIGKILL can lose
 * the last second of lines. Development logs stay immediate and pretty.
 */
function createLogger(config: AppConfig): Logger {
  if (config.NODE_ENV === 'development') {
    return pino({ level: config.LOG_LEVEL, transport: { target: 'pino-pretty' } });
  }
  return pino(
    { level: config.LOG_LEVEL },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** Releases what createDeps opened. */
export function closeDeps(deps: AppDeps): void {
  deps.status.stop();
  deps.market.close();
  deps.bus.close();
  void deps.passwords.close();
  deps.dbHandle.close();
}
