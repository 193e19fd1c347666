/**
 * PostgreSQL twin of src/server/db/tables/alerts.ts. This file must stay in step with the SQLite one: same tables,
 * SQL column names, keys, indexes and defaults, and the same TypeScript row types ($inferSelect / $inferInsert).
 * tests/unit/schemaDialects.test.ts checks it. Times are UTC milliseconds in `bigint` columns read as numbers.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** See the SQLite table (tables/alerts.ts). */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    condition: text('condition').notNull(),
    level: doublePrecision('level'),
    frequency: text('frequency').notNull(),
    intervalMs: bigint('interval_ms', { mode: 'number' }),
    note: text('note').notNull().default(''),
    channels: text('channels'),
    expiresAt: bigint('expires_at', { mode: 'number' }),
    status: text('status').notNull(),
    generation: integer('generation').notNull().default(0),
    armedAt: bigint('armed_at', { mode: 'number' }).notNull(),
    baseline: doublePrecision('baseline'),
    nextEligibleAt: bigint('next_eligible_at', { mode: 'number' }),
    fireCount: integer('fire_count').notNull().default(0),
    lastFiredAt: bigint('last_fired_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.id),
    index('alerts_user_symbol_idx').on(t.userId, t.symbol),
    index('alerts_armed_idx')
      .on(t.id)
      .where(sql`status = 'armed'`),
    index('alerts_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'armed' and expires_at is not null`),
    index('alerts_updated_idx').on(t.updatedAt),
  ],
);

/** See the SQLite table. */
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
    period: text('period').notNull(),
    symbol: text('symbol').notNull(),
    condition: text('condition').notNull(),
    level: doublePrecision('level'),
    value: doublePrecision('value').notNull(),
    price: doublePrecision('price').notNull(),
    currency: text('currency').notNull(),
    tickAt: bigint('tick_at', { mode: 'number' }).notNull(),
    firedAt: bigint('fired_at', { mode: 'number' }).notNull(),
    capped: boolean('capped').notNull().default(false),
    notificationId: integer('notification_id'),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('alert_firings_period_idx').on(t.alertId, t.period),
    index('alert_firings_alert_idx').on(t.alertId, t.firedAt),
    index('alert_firings_undelivered_idx')
      .on(t.id)
      .where(sql`notification_id is null`),
  ],
);

/** See the SQLite table. */
export const alertSymbolStates = pgTable('alert_symbol_states', {
  symbol: text('symbol').primaryKey(),
  price: doublePrecision('price'),
  maSpread: doublePrecision('ma_spread'),
  observedAt: bigint('observed_at', { mode: 'number' }).notNull(),
});
