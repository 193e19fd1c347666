import type { Logger } from 'pino';
import type { AgentEngine } from './ai/engine';
import type { UsageMeter } from './ai/usageCharge';
import type { AppConfig } from './config';
import type { Db, DbHandle } from './db/client';
import type { RateLimiter } from './db/rateLimits';
import type { MarketOverrides } from './market';
import type { MarketService } from './market/service';
import type { AppLucia } from './modules/auth/lucia';
import type { PasswordHasher } from './modules/auth/passwords';
import type { Bus } from './realtime/bus';
import type { TurnHub } from './modules/chat/turnHub';
import type { LedgerCache } from './modules/ledger/ledgerCache';
import type { LedgerEngine } from './modules/ledger/engine/engine';
import type { PerformanceCache } from './modules/ledger/performanceCache';
import type { PriceMinuteCache } from './modules/portfolios/priceMinuteCache';
import type { SharedAnswerState } from './modules/portfolios/sharedAnswerState';
import type { SocialWakeups } from './modules/social/wakeups';
import type { NotificationHub } from './modules/notifications/hub';
import type { AlertEngine } from './modules/alerts/engine';
import type { Resolver } from './outbound/endpointGuard';
import type { MailTransport } from './outbound/mailTransport';
import type { WatchlistState } from './modules/watchlists/state';
import type { StatusMonitor } from './status/monitor';

/**
 * The shape of the composition root, and nothing else: every layer names `AppDeps` with `import type` from here,
 * while deps.ts builds it. Keeping the interface apart from the code that builds it is what keeps the import graph
 * free of cycles (deps.ts imports every layer; this file only their types, from files that never import it back).
 */

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
  /** E-mail out through SMTP_URL's server; null when it is not set (no e-mail channel). See outbound/mailTransport.ts. */
  mail: MailTransport | null;
  /** The daily limits as the agent charges them (a tool's extra work); built by modules/usage, see ai/usageCharge.ts. */
  usage: UsageMeter;
  // Per-server state of the features, built here rather than on first use, so each test server has its own and
  // closeDeps ends it.
  /** Streamed chat answers, running and just finished, that a client may resume; see modules/chat/turnHub.ts. */
  turns: TurnHub;
  /** Per-user wake-ups for the social hub's live feeds, fed by the bus; see modules/social/wakeups.ts. */
  socialWakeups: SocialWakeups;
  /** Notification delivery: live feeds' wake-ups, VAPID keys, push and mail queues; see modules/notifications/hub.ts. */
  notifications: NotificationHub;
  /** Price alerts: the index of armed alerts, and their evaluation on the instance that leads; see modules/alerts/engine.ts. */
  alerts: AlertEngine;
  /** The user search's per-user rate (USER_SEARCH_RATE), shared by the instances; see modules/social/search.ts. */
  userSearchBudget: RateLimiter;
  /** The costly procedures' per-user budget (COSTLY_CALLS), shared by the instances; see trpc/costlyProcedure.ts. */
  costlyCallBudget: RateLimiter;
  /** Password reset attempts per address and per link (RESET_ATTEMPTS), shared by the instances; see passwordReset.ts. */
  passwordResetBudgets: {
    perAddress: RateLimiter;
    perLink: RateLimiter;
    /** "Forgot password?" by mail: per network address and per e-mail (modules/auth/forgotPassword.ts). */
    forgotPerAddress: RateLimiter;
    forgotPerEmail: RateLimiter;
  };
  /** The public shared answer's encoded texts and readings; see modules/portfolios/sharedAnswerCache.ts. */
  sharedAnswers: SharedAnswerState;
  /** Portfolio analyses and value histories, once per price minute; see modules/portfolios/priceMinuteCache.ts. */
  priceMinutes: PriceMinuteCache;
  /** Each portfolio's last ledger and its replay, by version; see modules/ledger/ledgerCache.ts. */
  ledgers: LedgerCache;
  /** Replays, performance walks and import checks on threads of their own; see modules/ledger/engine/. */
  ledgerEngine: LedgerEngine;
  /** Performance answers per portfolio and price series by history array; see modules/ledger/performanceCache.ts. */
  performance: PerformanceCache;
  /** Watchlist row figures per symbol and price minute, list-change wake-ups, starter lists; see modules/watchlists/state.ts. */
  watchlists: WatchlistState;
  /** Ledger writes per user (LEDGER_WRITES), shared by the instances; see modules/ledger/ledgerService.ts. */
  ledgerWriteBudget: RateLimiter;
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
  /** Replaces the system's DNS for push endpoints (tests: a name whose answer changes, as in DNS rebinding). */
  resolveHost?: Resolver;
  /** Called once per statement sent to the database, with its SQL (tests and benches count queries per request). */
  onQuery?: (sql: string) => void;
}
