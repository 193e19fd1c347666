import type { Logger } from 'pino';
import {
  MAIL_SEND_RATE,
  PUSH_SEND_RATE,
  PUSH_SUBSCRIBE_RATE,
  TEST_NOTIFICATION_RATE,
} from '../../../shared/notifications/limits';
import type { AppConfig } from '../../config';
import type { Db, DbHandle } from '../../db/client';
import { createRateLimiter, type RateLimiter } from '../../db/rateLimits';
import { allowHostSet, type EndpointPolicy, type Resolver } from '../../outbound/endpointGuard';
import { RetryQueue } from '../../outbound/retryQueue';
import type { Bus } from '../../realtime/bus';
import { UserWakeups } from '../../realtime/userWakeups';
import { forgetDevicesWhenSessionsEnd } from './sessionDevices';
import { VapidKeySource } from './vapidKeys';

/**
 * The notification service's per-server state (AppDeps.notifications, built in createDeps, ended in closeDeps): the
 * live feeds' wake-ups, the VAPID keys, the two delivery queues and the per-user budgets. The queues are this
 * process's: a push or mail accepted here is sent from here (decision 015).
 */

/** Pushes in flight at once, and held at most (running, waiting, waiting to retry). */
const PUSH_QUEUE = { concurrency: 8, maxJobs: 5_000, maxAttempts: 4, baseDelayMs: 2_000, maxDelayMs: 120_000 };
/** Mails: SMTP servers take a few connections at a time. */
const MAIL_QUEUE = { concurrency: 2, maxJobs: 1_000, maxAttempts: 5, baseDelayMs: 5_000, maxDelayMs: 600_000 };

export interface HubDeps {
  config: AppConfig;
  db: Db;
  dbHandle: Pick<DbHandle, 'pool'>;
  bus: Bus;
  now: () => number;
  log: Logger;
}

export class NotificationHub {
  readonly wakeups: UserWakeups;
  readonly vapid: VapidKeySource;
  readonly pushQueue: RetryQueue;
  readonly mailQueue: RetryQueue;
  readonly endpointPolicy: EndpointPolicy;
  /** Subscribe calls per user (each resolves a host name). */
  readonly subscribeBudget: RateLimiter;
  /** Notifications per user by push, and by e-mail: past them the channel is skipped (in-app still has it). */
  readonly pushBudget: RateLimiter;
  readonly mailBudget: RateLimiter;
  /** Test notifications a user sends themselves. */
  readonly testBudget: RateLimiter;
  private readonly stopForgetting: () => void;
  /** Fan-outs started and not yet queued (they read the user's channels first). */
  private readonly fanningOut = new Set<Promise<void>>();

  /** `resolveHost` replaces the system's DNS for push endpoints (tests). */
  constructor(deps: HubDeps, resolveHost?: Resolver) {
    this.wakeups = new UserWakeups(deps.bus, ['notification.created', 'notifications.read'], (event) => [
      (event as { userId: string }).userId,
    ]);
    this.vapid = new VapidKeySource(deps);
    this.stopForgetting = forgetDevicesWhenSessionsEnd(deps);
    const onError = (err: unknown, label: string) => deps.log.warn({ err, label }, 'delivery attempt failed');
    this.pushQueue = new RetryQueue(PUSH_QUEUE, onError);
    this.mailQueue = new RetryQueue(MAIL_QUEUE, onError);
    this.endpointPolicy = { allowHosts: allowHostSet(deps.config.WEB_PUSH_ALLOW_HOSTS), resolve: resolveHost };
    const budget = (keyPrefix: string, rate: { max: number; windowMs: number }) =>
      createRateLimiter(deps.dbHandle, { keyPrefix, points: rate.max, durationMs: rate.windowMs, shared: true });
    this.subscribeBudget = budget('push-subscribe', PUSH_SUBSCRIBE_RATE);
    this.pushBudget = budget('push-send', PUSH_SEND_RATE);
    this.mailBudget = budget('mail-send', MAIL_SEND_RATE);
    this.testBudget = budget('notification-test', TEST_NOTIFICATION_RATE);
  }

  /** Keeps a fan-out's promise until it has queued its jobs, so idle() waits for it too. */
  track(fanOut: Promise<void>): void {
    this.fanningOut.add(fanOut);
    void fanOut.finally(() => this.fanningOut.delete(fanOut));
  }

  /** Resolves once every notification so far has been sent, given up on or dropped (tests; a graceful close). */
  async idle(): Promise<void> {
    while (this.fanningOut.size > 0) await Promise.allSettled([...this.fanningOut]);
    await Promise.all([this.pushQueue.idle(), this.mailQueue.idle()]);
  }

  /**
   * Gives what was accepted a moment to go out before the server stops (a rolling restart): waits until no fan-out
   * and no attempt is running or waiting for a slot, at most `ms`. Jobs waiting to retry are not waited for.
   */
  async drain(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.fanningOut.size > 0 || this.pushQueue.busy || this.mailQueue.busy) {
      if (Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.wakeups.close();
    this.stopForgetting();
    this.pushQueue.close();
    this.mailQueue.close();
  }
}
