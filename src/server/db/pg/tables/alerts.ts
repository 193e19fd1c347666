/**
 * Generated from src/server/db/tables/alerts.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Price alerts (issue 30 §2; modules/alerts). One row per alert, owned by a user. The row is the alert's state as
 * every instance must see it: whether it is armed, and when it may fire next. The in-memory index that evaluates
 * ticks (modules/alerts/index/) is rebuilt from the armed rows at start and follows every change over the bus.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** shared/alerts/conditions.ts: priceAbove, crossesAbove, changeBelow, goldenCross, rsiAbove, ... */
    condition: text('condition').notNull(),
    /** The price, percent or RSI level; null for the moving-average crossovers. */
    level: doublePrecision('level'),
    /** once, daily (once per UTC day) or throttle (every time, at most once per interval_ms). */
    frequency: text('frequency').notNull(),
    intervalMs: bigint('interval_ms', { mode: 'number' }),
    note: text('note').notNull().default(''),
    /** JSON list of channels chosen for this alert ('push', 'email'); null follows the user's preferences. */
    channels: text('channels'),
    expiresAt: bigint('expires_at', { mode: 'number' }),
    /** armed, paused (by its owner), triggered (a once alert that fired), expired, stopped (past the trigger cap). */
    status: text('status').notNull(),
    /**
     * Grows whenever the alert is armed again (an edit, a resume): a firing is keyed by generation and period, so an
     * edited alert may fire again in the same period, and a firing decided on an older generation is refused.
     */
    generation: integer('generation').notNull().default(0),
    /** When this generation was armed: a crossing counts only moves observed after it. */
    armedAt: bigint('armed_at', { mode: 'number' }).notNull(),
    /** The measure's value when armed (the price, for a crossing), or null when not known then. */
    baseline: doublePrecision('baseline'),
    /** Not before this time may it fire again (once a day, throttle); null when it may fire now. */
    nextEligibleAt: bigint('next_eligible_at', { mode: 'number' }),
    fireCount: integer('fire_count').notNull().default(0),
    lastFiredAt: bigint('last_fired_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.id),
    index('alerts_user_symbol_idx').on(t.userId, t.symbol),
    // Start-up loads the armed alerts; the expiry sweep reads armed alerts past their expiry.
    index('alerts_armed_idx')
      .on(t.id)
      .where(sql`status = 'armed'`),
    // The evaluator marks armed alerts past their expiry.
    index('alerts_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'armed' and expires_at is not null`),
    // The index's catch-up reads alerts changed since it last looked (a lost bus notification).
    index('alerts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * One row per time an alert fired: the record that it fired, unique per (alert, period), written in the transaction
 * that disarms or snoozes the alert, so two instances can never fire one period twice. `notification_id` is the
 * outbox: null until the notification is stored, which happens in one transaction with setting it, so the
 * notification is created exactly once whoever delivers it (the instance that fired, or the next one after a crash).
 */
export const alertFirings = pgTable(
  'alert_firings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<generation>:once`, `<generation>:<UTC date>` or `<generation>:<throttle window>`. */
    period: text('period').notNull(),
    /** What fired, as it was then (the alert may be edited later). */
    symbol: text('symbol').notNull(),
    condition: text('condition').notNull(),
    level: doublePrecision('level'),
    /** The measure's value that met the condition (price, change %, RSI, MA20 - MA50). */
    value: doublePrecision('value').notNull(),
    price: doublePrecision('price').notNull(),
    currency: text('currency').notNull(),
    /** When the quote that fired it arrived (the tick), and when this row was written. */
    tickAt: bigint('tick_at', { mode: 'number' }).notNull(),
    firedAt: bigint('fired_at', { mode: 'number' }).notNull(),
    /** This firing reached the trigger cap and stopped the alert. */
    capped: boolean('capped').notNull().default(false),
    notificationId: integer('notification_id'),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('alert_firings_period_idx').on(t.alertId, t.period),
    index('alert_firings_alert_idx').on(t.alertId, t.firedAt),
    // The outbox: firings whose notification is not stored yet.
    index('alert_firings_undelivered_idx')
      .on(t.id)
      .where(sql`notification_id is null`),
  ],
);

/**
 * The last value of each symbol the evaluating instance observed for the measures alerts cross (price, MA20 - MA50),
 * written after every poll: an instance that takes the evaluation over (a restart, a crash) continues from here, so
 * a cross during the change-over still fires, and one observed before it does not fire again.
 */
export const alertSymbolStates = pgTable('alert_symbol_states', {
  symbol: text('symbol').primaryKey(),
  price: doublePrecision('price'),
  maSpread: doublePrecision('ma_spread'),
  observedAt: bigint('observed_at', { mode: 'number' }).notNull(),
});
