import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { AlertMeasure } from '../../../shared/alerts/conditions';
import type { Quote, QuotesMap } from '../../../shared/market/types';
import { tablesOf } from '../../db/schema';
import type { Logger } from 'pino';
import type { AppNotification } from '../../../shared/notifications/types';
import type { AppConfig } from '../../config';
import type { Db, DbHandle } from '../../db/client';
import type { PollObserver } from '../../market/live';
import type { MarketService } from '../../market/service';
import type { Bus } from '../../realtime/bus';
import {
  alertFiringOutcomes,
  alertsEvaluating,
  alertsIndexed,
  alertTickToNotification,
} from '../../observability/metrics';
import { publishAlertChanges } from './changes';
import { undeliveredFirings } from './outbox';
import { recordFirings, type FiringCandidate } from './firing';
import { AlertIndex, FiredBuffer } from './index/alertIndex';
import { indicatorMeasures } from './measures';
import { alertRows, toIndexed, type AlertRow } from './rows';

/**
 * The price alerts' engine (AppDeps.alerts; issue 30 §2, decision 021). Every instance keeps the index of armed
 * alerts (index/alertIndex.ts): built from the table at start, kept in step by `alerts.changed` on the bus, and
 * checked against the table every 30 s in case a notification was lost. One instance at a time evaluates: the one
 * holding the `alerts` leadership (db/leadership.ts; always this one on SQLite). It adds the alerts' symbols to the
 * live-quote poll (market/live.ts), so alerts fire with every tab closed, and evaluates every batch of quotes as it
 * arrives:
 *
 *   tick -> index.evaluate (O(log n + fired)) -> recordFirings (the firing rows, unique per alert and period, and the
 *   alerts disarmed or snoozed, in one transaction) -> deliverFirings (the notifications, exactly once per firing,
 *   the batch's in one transaction)
 *
 * After a crash between the two steps, the next evaluator finds the firing undelivered (the outbox) and delivers it.
 * The last observed price and MA spread of each symbol are stored after each poll's firings are recorded, so the next
 * evaluator judges crossings from where this one stopped.
 */

/**
 * What the engine needs, field by field rather than picked from AppDeps (AppDeps names the engine: see "Inside the
 * server" in docs/architecture.md). `deliver` is delivery.ts's deliverFirings bound to the server's deps.
 */
export interface AlertEngineDeps {
  db: Db;
  dbHandle: Pick<DbHandle, 'leads'>;
  bus: Bus;
  market: Pick<MarketService, 'live' | 'history'>;
  now: () => number;
  log: Logger;
  config: Pick<AppConfig, 'MARKET_LIVE_POLL_MS' | 'NODE_ENV' | 'ALERTS_TEST_PAUSE'>;
  /**
   * Stores the firings' notifications (together) unless someone did: one per firing, in order, null for a firing
   * delivered already or whose alert is gone.
   */
  deliver: (firingIds: readonly number[]) => Promise<Array<AppNotification | null>>;
}

/** Armed rows read per page while building the index. */
const LOAD_PAGE = 5_000;
/** Firings recorded per transaction. */
const RECORD_BATCH = 100;
/** Deliveries at once (each a batch of firings in one transaction). */
const DELIVERY_CONCURRENCY = 4;
/** Undelivered firings picked up per look at the outbox. */
const OUTBOX_BATCH = 100;
/** How often every instance re-reads the alerts changed lately (a bus notification lost), and how far back. */
const CATCH_UP_MS = 30_000;
const CATCH_UP_MARGIN_MS = 10_000;
/** How often the evaluator marks alerts past their expiry. */
const EXPIRY_SWEEP_MS = 10_000;
/**
 * Alert symbols quoted per poll at most (20 upstream requests of 100): beyond it they take turns, so the upstream
 * cost stays bounded however many symbols people set alerts on.
 */
export const MAX_POLLED_ALERT_SYMBOLS = 2_000;
/** Symbol states written per statement. */
const STATE_BATCH = 200;

export class AlertEngine implements PollObserver {
  readonly index = new AlertIndex();
  private loaded = false;
  private leading = false;
  private stopped = false;
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private looping: Promise<void> | null = null;
  private stopBus: (() => void) | null = null;
  private stopObserving: (() => void) | null = null;
  /** Alert ids to read again (bus events), flushed together. */
  private readonly toReload = new Set<number>();
  private reloadTurn: NodeJS.Immediate | null = null;
  /** Firings are recorded one batch after another, and each poll's symbol states only after its firings. */
  private recording: Promise<void> = Promise.resolve();
  private readonly delivering = new Set<number>();
  private readonly deliveries = pLimit(DELIVERY_CONCURRENCY);
  private readonly work = new Set<Promise<unknown>>();
  private lastCatchUp = 0;
  private lastExpirySweep = 0;
  private symbolTurn = 0;
  /** The symbol states last written ("price|ma"), so unchanged ones are not written again. */
  private readonly written = new Map<string, string>();
  private readonly fired = new FiredBuffer();
  /** Set by the test hook: the engine has stopped for good (the test kills the process). */
  private frozen = false;
  private readonly loopMs: number;
  private readonly testPause: 'after-firing' | 'after-notify' | undefined;

  constructor(private readonly deps: AlertEngineDeps) {
    this.loopMs = Math.max(250, deps.config.MARKET_LIVE_POLL_MS);
    this.testPause = deps.config.NODE_ENV === 'test' ? deps.config.ALERTS_TEST_PAUSE : undefined;
  }

  /** Whether this instance evaluates the alerts now. */
  get evaluating(): boolean {
    return this.leading && this.loaded;
  }

  /** Starts following changes, builds the index, then evaluates while it leads (when the server listens). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.stopBus = this.deps.bus.subscribe('alerts.changed', ({ ids }) => {
      for (const id of ids) this.toReload.add(id);
      if (this.loaded) this.reloadSoon();
    });
    this.stopObserving = this.deps.market.live.observe(this);
    this.track(this.load());
    this.timer = setInterval(() => this.loopSoon(), this.loopMs);
    this.timer.unref();
  }

  /** Stops evaluating and waits (a few seconds at most) for firings being recorded or delivered. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.setLeading(false);
    if (this.timer) clearInterval(this.timer);
    if (this.reloadTurn) clearImmediate(this.reloadTurn);
    this.stopBus?.();
    this.stopObserving?.();
    const settled = Promise.allSettled([...this.work, this.recording]);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  }

  /** The poll's alert symbols (PollObserver): none unless this instance evaluates; at most MAX_POLLED_ALERT_SYMBOLS. */
  symbols(): readonly string[] {
    if (!this.evaluating || this.frozen || this.stopped) return [];
    const all = this.index.symbolList();
    if (all.length <= MAX_POLLED_ALERT_SYMBOLS) return all;
    const start = (this.symbolTurn = (this.symbolTurn + MAX_POLLED_ALERT_SYMBOLS) % all.length);
    const turn = all.slice(start, start + MAX_POLLED_ALERT_SYMBOLS);
    return turn.length < MAX_POLLED_ALERT_SYMBOLS
      ? turn.concat(all.slice(0, MAX_POLLED_ALERT_SYMBOLS - turn.length))
      : turn;
  }

  /** A batch of quotes arrived (PollObserver): every tick evaluated at once, the firings recorded and delivered. */
  onQuotes(quotes: QuotesMap): void {
    if (!this.evaluating || this.frozen || this.stopped) return;
    const at = this.deps.now();
    this.index.wakeDue(at);
    const candidates: FiringCandidate[] = [];
    const withIndicators: Quote[] = [];
    const observed: string[] = [];
    for (const symbol in quotes) {
      const quote = quotes[symbol];
      if (!this.index.watches(symbol, 'price') && !this.index.watches(symbol, 'change')) {
        if (this.index.watches(symbol, 'rsi') || this.index.watches(symbol, 'ma')) withIndicators.push(quote);
        continue;
      }
      const fired = this.fired;
      fired.reset();
      this.index.evaluateQuote(symbol, quote.regularMarketPrice, quote.regularMarketChangePercent, at, fired);
      this.collect(quote, at, candidates);
      observed.push(symbol);
      if (this.index.watches(symbol, 'rsi') || this.index.watches(symbol, 'ma')) withIndicators.push(quote);
    }
    this.index.compact();
    alertsIndexed.set(this.index.size);
    this.record(candidates, observed);
    if (withIndicators.length > 0) this.track(this.evaluateIndicators(withIndicators, at));
  }

  private evaluate(measure: AlertMeasure, value: number, quote: Quote, at: number, out: FiringCandidate[]): void {
    this.fired.reset();
    this.index.evaluate(quote.symbol, measure, value, at, this.fired);
    this.collect(quote, at, out);
  }

  /** The alerts the last evaluation fired, marked in the index and turned into firing candidates. */
  private collect(quote: Quote, at: number, out: FiringCandidate[]): void {
    const fired = this.fired;
    this.index.markFired(fired);
    for (let i = 0; i < fired.length; i++) {
      const entry = this.index.get(fired.ids[i]);
      if (!entry) continue;
      out.push({
        alertId: fired.ids[i],
        generation: entry.alert.generation,
        value: fired.values[i],
        price: quote.regularMarketPrice,
        currency: quote.currency,
        tickAt: at,
      });
    }
  }

  /** RSI(14) and MA20/MA50 need a year of daily closes (cached by the market service for 10 minutes). */
  private async evaluateIndicators(quotes: Quote[], at: number): Promise<void> {
    const candidates: FiringCandidate[] = [];
    const observed: string[] = [];
    for (const quote of quotes) {
      let daily;
      try {
        daily = await this.deps.market.history(quote.symbol, '1Y');
      } catch (error) {
        this.deps.log.warn({ err: error, symbol: quote.symbol }, 'alert indicators: no daily history');
        continue;
      }
      if (!this.evaluating || this.frozen) return;
      const { rsi, ma } = indicatorMeasures(daily, quote);
      this.evaluate('rsi', rsi, quote, at, candidates);
      this.evaluate('ma', ma, quote, at, candidates);
      observed.push(quote.symbol);
    }
    this.record(candidates, observed);
  }

  /** Queues the firings' recording, then the symbols' observed values (after them: see the class comment). */
  private record(candidates: FiringCandidate[], observed: string[]): void {
    if (candidates.length === 0 && observed.length === 0) return;
    this.recording = this.recording
      .then(async () => {
        for (let i = 0; i < candidates.length; i += RECORD_BATCH)
          await this.recordBatch(candidates.slice(i, i + RECORD_BATCH));
        await this.writeStates(observed);
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'alert firings not recorded'));
  }

  private async recordBatch(batch: FiringCandidate[]): Promise<void> {
    let result;
    try {
      result = await recordFirings(this.deps.db, batch, this.deps.now);
    } catch (error) {
      this.deps.log.warn({ err: error, alerts: batch.length }, 'alert firings not recorded; evaluating them again');
      // Back into the index: levels still holding fire at the next tick, crossings judged again from before this one.
      for (const candidate of batch) this.restore(candidate.alertId);
      return;
    }
    const now = this.deps.now();
    for (const [id, row] of result.rows) this.apply(id, row, now, true);
    alertFiringOutcomes.inc({ outcome: 'fired' }, result.fired.length);
    alertFiringOutcomes.inc({ outcome: 'refused' }, batch.length - result.fired.length);
    publishAlertChanges(this.deps.bus, [...result.rows.keys()]);
    if (result.fired.length === 0) return;
    for (const firing of result.fired) this.delivering.add(firing.id);
    if (this.testPause === 'after-firing')
      await this.freeze(
        'after-firing',
        result.fired.map((f) => f.id),
      );
    this.deliver(
      result.fired.map((f) => f.id),
      result.fired[0].tickAt,
    );
  }

  /** Puts a fired alert whose firing could not be recorded back, as it was before the tick. */
  private restore(id: number): void {
    const entry = this.index.get(id);
    if (!entry || entry.placement !== 'fired') return;
    // Armed "after" every observation: judged alone, from its baseline, at the next tick.
    this.index.add({ ...entry.alert, armedAt: Number.MAX_SAFE_INTEGER, nextEligibleAt: null }, this.deps.now());
  }

  /** Delivers firings of one tick (or the outbox's) together: one transaction, so the burst's last toast waits little. */
  private deliver(firingIds: number[], tickAt: number | null): void {
    this.track(
      this.deliveries(async () => {
        try {
          if (this.frozen) return;
          const notifications = await this.deps.deliver(firingIds);
          const delivered = notifications.filter((n) => n !== null).length;
          if (delivered === 0) return;
          alertFiringOutcomes.inc({ outcome: 'delivered' }, delivered);
          if (tickAt !== null) {
            const seconds = Math.max(0, this.deps.now() - tickAt) / 1000;
            for (let i = 0; i < delivered; i++) alertTickToNotification.observe(seconds);
          }
          if (this.testPause === 'after-notify') await this.freeze('after-notify', firingIds);
        } catch (error) {
          // The firings stay in the outbox; the next look at it tries again.
          this.deps.log.warn({ err: error, firings: firingIds }, 'alert notifications not stored yet');
        } finally {
          if (!this.frozen) for (const id of firingIds) this.delivering.delete(id);
        }
      }),
    );
  }

  /** The test hook: stop for good at this point (the test kills the process with SIGKILL now). */
  private async freeze(point: string, firings: number[]): Promise<never> {
    this.frozen = true;
    this.deps.log.warn({ point, firings }, `alerts test hook: paused ${point}`);
    return new Promise<never>(() => {});
  }

  /** Firings recorded but not delivered (a crash between the steps, here or on another instance): deliver them. */
  private async sweepOutbox(): Promise<void> {
    const ids = await undeliveredFirings(this.deps.db, OUTBOX_BATCH + this.delivering.size);
    const batch = ids.filter((id) => !this.delivering.has(id)).slice(0, OUTBOX_BATCH);
    if (batch.length === 0 || this.frozen) return;
    for (const id of batch) this.delivering.add(id);
    this.deliver(batch, null);
  }

  /** The observed values of the symbols this poll evaluated, when they changed since last written. */
  private async writeStates(symbols: string[]): Promise<void> {
    const { alertSymbolStates } = tablesOf(this.deps.db);
    const rows: Array<typeof alertSymbolStates.$inferInsert> = [];
    for (const symbol of symbols) {
      const price = this.index.observed(symbol, 'price');
      const ma = this.index.observed(symbol, 'ma');
      if (!price && !ma) continue;
      const text = `${price?.value ?? ''}|${ma?.value ?? ''}`;
      if (this.written.get(symbol) === text) continue;
      this.written.set(symbol, text);
      rows.push({
        symbol,
        price: price?.value ?? null,
        maSpread: ma?.value ?? null,
        observedAt: Math.max(price?.at ?? 0, ma?.at ?? 0),
      });
    }
    try {
      for (let i = 0; i < rows.length; i += STATE_BATCH) {
        await this.deps.db
          .insert(alertSymbolStates)
          .values(rows.slice(i, i + STATE_BATCH))
          .onConflictDoUpdate({
            target: alertSymbolStates.symbol,
            set: {
              price: sql`excluded.price`,
              maSpread: sql`excluded.ma_spread`,
              observedAt: sql`excluded.observed_at`,
            },
          });
      }
    } catch (error) {
      for (const row of rows) this.written.delete(row.symbol);
      this.deps.log.warn({ err: error }, 'alert symbol states not written');
    }
  }

  /** What the previous evaluator observed, for the symbols in the index (a take-over goes on from there). */
  private async readStates(): Promise<void> {
    const { alertSymbolStates } = tablesOf(this.deps.db);
    const symbols = this.index.symbolList();
    for (let i = 0; i < symbols.length; i += 500) {
      const rows = await this.deps.db
        .select()
        .from(alertSymbolStates)
        .where(inArray(alertSymbolStates.symbol, symbols.slice(i, i + 500)));
      for (const row of rows) {
        if (row.price !== null) this.index.setObserved(row.symbol, 'price', row.price, row.observedAt);
        if (row.maSpread !== null) this.index.setObserved(row.symbol, 'ma', row.maSpread, row.observedAt);
        this.written.set(row.symbol, `${row.price ?? ''}|${row.maSpread ?? ''}`);
      }
    }
  }

  /**
   * One alert's row into the index: armed rows are added (or kept where they are when nothing that matters changed),
   * anything else removed. `settle` also replaces an alert the index fired and is waiting on (its firing's outcome).
   */
  private apply(id: number, row: AlertRow | null, now: number, settle = false): void {
    if (!row || row.status !== 'armed' || (row.expiresAt !== null && row.expiresAt <= now)) {
      this.index.remove(id);
      return;
    }
    const current = this.index.get(id);
    if (current && current.alert.generation === row.generation) {
      if (current.placement === 'fired' && !settle) return;
      if (current.placement !== 'fired' && current.alert.nextEligibleAt === row.nextEligibleAt) return;
    }
    this.index.add(toIndexed(row), now);
    if (this.evaluating) this.deps.market.live.wake();
  }

  private reloadSoon(): void {
    if (this.reloadTurn || this.stopped) return;
    this.reloadTurn = setImmediate(() => {
      this.reloadTurn = null;
      this.track(this.reload());
    });
  }

  /** Reads the alerts named by bus events again. */
  private async reload(): Promise<void> {
    const ids = [...this.toReload];
    this.toReload.clear();
    try {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = new Map((await alertRows(this.deps.db, chunk)).map((row) => [row.id, row]));
        const now = this.deps.now();
        for (const id of chunk) this.apply(id, rows.get(id) ?? null, now);
      }
    } catch (error) {
      for (const id of ids) this.toReload.add(id);
      this.deps.log.warn({ err: error }, 'alert changes not read; trying again at the next change');
    }
    alertsIndexed.set(this.index.size);
  }

  /** Builds the index from every armed alert, a page at a time. */
  private async load(): Promise<void> {
    const { alerts } = tablesOf(this.deps.db);
    const started = this.deps.now();
    try {
      const all = [];
      let after = 0;
      for (;;) {
        const page = await this.deps.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.status, 'armed'), gt(alerts.id, after)))
          .orderBy(asc(alerts.id))
          .limit(LOAD_PAGE);
        // Expired ones wait for the expiry sweep to mark them; they never join the index.
        for (const row of page) if (row.expiresAt === null || row.expiresAt > started) all.push(toIndexed(row));
        if (page.length < LOAD_PAGE) break;
        after = page[page.length - 1].id;
      }
      this.index.load(all, this.deps.now());
    } catch (error) {
      if (this.stopped) return;
      this.deps.log.error({ err: error }, 'alert index not built; trying again');
      setTimeout(() => this.track(this.load()), this.loopMs).unref();
      return;
    }
    this.loaded = true;
    this.lastCatchUp = started;
    alertsIndexed.set(this.index.size);
    this.reloadSoon();
    this.loopSoon();
  }

  private loopSoon(): void {
    if (this.looping || this.stopped) return;
    const looping = this.loop().finally(() => (this.looping = null));
    this.looping = looping;
    this.track(looping);
  }

  /** Leadership, catch-up, expiry and the outbox, once per poll interval. */
  private async loop(): Promise<void> {
    if (!this.loaded || this.stopped || this.frozen) return;
    try {
      const leads = await this.deps.dbHandle.leads('alerts');
      if (this.stopped) return;
      if (leads && !this.leading) await this.takeOver();
      else if (!leads && this.leading) this.setLeading(false);
      const now = this.deps.now();
      if (now - this.lastCatchUp >= CATCH_UP_MS) await this.catchUp();
      if (!this.evaluating) return;
      this.index.wakeDue(now);
      if (now - this.lastExpirySweep >= EXPIRY_SWEEP_MS) await this.expire(now);
      await this.sweepOutbox();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'alert engine housekeeping failed');
    }
  }

  /** This instance now evaluates: it catches up with the table, goes on from the last observed values, and polls. */
  private async takeOver(): Promise<void> {
    await this.catchUp();
    await this.readStates();
    this.setLeading(true);
    this.deps.log.info({ alerts: this.index.size }, 'this instance now evaluates the price alerts');
    await this.sweepOutbox();
    this.deps.market.live.wake();
  }

  private setLeading(leading: boolean): void {
    this.leading = leading;
    alertsEvaluating.set(leading ? 1 : 0);
  }

  /** Alerts changed lately, read again: what the bus should have said, in case it did not. */
  private async catchUp(): Promise<void> {
    const { alerts } = tablesOf(this.deps.db);
    const started = this.deps.now();
    const rows = await this.deps.db
      .select()
      .from(alerts)
      .where(gte(alerts.updatedAt, this.lastCatchUp - CATCH_UP_MARGIN_MS));
    const now = this.deps.now();
    for (const row of rows) this.apply(row.id, row, now);
    this.lastCatchUp = started;
    alertsIndexed.set(this.index.size);
  }

  /** Armed alerts past their expiry become expired (the evaluator does it, for every instance). */
  private async expire(now: number): Promise<void> {
    const { alerts } = tablesOf(this.deps.db);
    this.lastExpirySweep = now;
    const expired = await this.deps.db
      .update(alerts)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(alerts.status, 'armed'), isNotNull(alerts.expiresAt), lte(alerts.expiresAt, now)))
      .returning({ id: alerts.id });
    if (expired.length === 0) return;
    for (const { id } of expired) this.index.remove(id);
    publishAlertChanges(
      this.deps.bus,
      expired.map((row) => row.id),
    );
  }

  /** Runs work in the background, logged if it fails; stop() waits for what is running. */
  private track(promise: Promise<unknown>): void {
    const tracked = promise.then(
      () => undefined,
      (error: unknown) => this.deps.log.warn({ err: error }, 'alert engine task failed'),
    );
    this.work.add(tracked);
    void tracked.then(() => this.work.delete(tracked));
  }
}
