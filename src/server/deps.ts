import { randomBytes } from 'node:crypto';
import { USER_SEARCH_RATE } from '../shared/social/limits';
import { createAgentEngine } from './ai';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { createRateLimiter } from './db/rateLimits';
import type { AppDeps, DepsOverrides } from './depsTypes';
import { createMarketService } from './market';
import { createLogger } from './observability/logger';
import { createLucia } from './modules/auth/lucia';
import { RESET_ATTEMPTS } from './modules/auth/passwordReset';
import { FORGOT_ATTEMPTS } from './modules/auth/forgotPassword';
import { createPasswordHasher } from './modules/auth/passwords';
import { TurnHub } from './modules/chat/turnHub';
import { LedgerCache } from './modules/ledger/ledgerCache';
import { LedgerEngine } from './modules/ledger/engine/engine';
import { LedgerEnginePool } from './modules/ledger/engine/pool';
import { LEDGER_WRITES } from './modules/ledger/ledgerService';
import { PerformanceCache } from './modules/ledger/performanceCache';
import { PriceMinuteCache } from './modules/portfolios/priceMinuteCache';
import { SharedAnswerState } from './modules/portfolios/sharedAnswerState';
import { NotificationHub } from './modules/notifications/hub';
import { deliverFirings } from './modules/alerts/delivery';
import { AlertEngine } from './modules/alerts/engine';
import { SocialWakeups } from './modules/social/wakeups';
import { createMailTransport } from './outbound/mailTransport';
import { createUsageMeter } from './modules/usage/service';
import { WatchlistState } from './modules/watchlists/state';
import { createInProcessBus, createSharedBus } from './realtime/bus';
import { StatusMonitor } from './status/monitor';
import { COSTLY_CALLS } from './trpc/costlyProcedure';

// The composition root: the one file that builds every layer. Its shape lives in depsTypes.ts.
export type { AppDeps, DepsOverrides } from './depsTypes';

export async function createDeps(config: AppConfig, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const log = overrides.log ?? createLogger(config);
  const dbHandle = await openDatabase(
    config,
    (err) => log.warn({ err }, 'database notifications interrupted'),
    overrides.onQuery,
  );
  const now = overrides.now ?? Date.now;
  const market = createMarketService(config, { now, log }, overrides.market);
  const onBusError = (err: unknown, topic: string) => log.warn({ err, topic }, 'bus listener failed');
  // One instance: in-process. On PostgreSQL: shared by every instance through LISTEN/NOTIFY.
  const bus = dbHandle.notifications
    ? createSharedBus(dbHandle.notifications, onBusError)
    : createInProcessBus(onBusError);
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
    bus,
    ai: overrides.ai ?? createAgentEngine(config, { log, now, market }),
    usage: createUsageMeter({ dbHandle, now }),
    mail: config.SMTP_URL ? createMailTransport(config.SMTP_URL, mailFrom(config)) : null,
    notifications: new NotificationHub({ config, db: dbHandle.db, dbHandle, bus, now, log }, overrides.resolveHost),
    turns: new TurnHub(),
    sharedAnswers: new SharedAnswerState(dbHandle),
    priceMinutes: new PriceMinuteCache(),
    ledgers: new LedgerCache(),
    // Threads start with the first request that needs one, so commands and servers that never read a ledger start none.
    ledgerEngine: new LedgerEngine(
      new LedgerEnginePool({ onFailure: (message) => log.error({ message }, 'ledger engine failure') }),
    ),
    performance: new PerformanceCache(),
    socialWakeups: new SocialWakeups(bus),
    watchlists: new WatchlistState(market, bus),
    // Per-user budgets shared by every instance on PostgreSQL (see db/rateLimits.ts).
    userSearchBudget: createRateLimiter(dbHandle, {
      keyPrefix: 'user-search',
      points: USER_SEARCH_RATE.max,
      durationMs: USER_SEARCH_RATE.windowMs,
      shared: true,
    }),
    costlyCallBudget: createRateLimiter(dbHandle, {
      keyPrefix: 'costly-calls',
      points: COSTLY_CALLS.max,
      durationMs: COSTLY_CALLS.windowMs,
      shared: true,
    }),
    passwordResetBudgets: {
      perAddress: createRateLimiter(dbHandle, {
        keyPrefix: 'reset-address',
        points: RESET_ATTEMPTS.perAddress,
        durationMs: RESET_ATTEMPTS.windowMs,
        shared: true,
      }),
      perLink: createRateLimiter(dbHandle, {
        keyPrefix: 'reset-link',
        points: RESET_ATTEMPTS.perLink,
        durationMs: RESET_ATTEMPTS.windowMs,
        shared: true,
      }),
      forgotPerAddress: createRateLimiter(dbHandle, {
        keyPrefix: 'forgot-address',
        points: FORGOT_ATTEMPTS.perAddress,
        durationMs: FORGOT_ATTEMPTS.windowMs,
        shared: true,
      }),
      forgotPerEmail: createRateLimiter(dbHandle, {
        keyPrefix: 'forgot-email',
        points: FORGOT_ATTEMPTS.perEmail,
        durationMs: FORGOT_ATTEMPTS.windowMs,
        shared: true,
      }),
    },
    ledgerWriteBudget: createRateLimiter(dbHandle, {
      keyPrefix: 'ledger-writes',
      points: LEDGER_WRITES.max,
      durationMs: LEDGER_WRITES.windowMs,
      shared: true,
    }),
  };
  // The loops themselves start when the server listens (app.ts), never here.
  return {
    ...base,
    status: new StatusMonitor(base, { intervalMs: config.STATUS_PROBE_INTERVAL_MS }),
    alerts: new AlertEngine({ ...base, deliver: (firingIds) => deliverFirings(base, firingIds) }),
  };
}

/** MAIL_FROM, else no-reply at PUBLIC_URL's host (a From the receiving server can check against the site). */
function mailFrom(config: AppConfig): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `Tickwise <no-reply@${host}>`;
}

/** Releases what createDeps opened. */
export async function closeDeps(deps: AppDeps): Promise<void> {
  // Firings being recorded or delivered finish first (they end in notifications, which are delivered next).
  await deps.alerts.stop();
  // Pushes and mails already being sent finish first (a few seconds at most); waiting retries are dropped.
  await deps.notifications.drain(3_000);
  deps.status.stop();
  deps.socialWakeups.close();
  deps.notifications.close();
  deps.mail?.close();
  deps.watchlists.close();
  deps.turns.close();
  deps.sharedAnswers.close();
  deps.priceMinutes.clear();
  deps.ledgers.clear();
  await deps.ledgerEngine.close();
  deps.performance.clear();
  deps.market.close();
  deps.bus.close();
  void deps.passwords.close();
  await deps.dbHandle.close();
}
