/**
 * Generated from src/server/db/tables/status.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** One probe result per service per check (every 60 s); kept 90 days and rolled up per UTC day. */
export const statusChecks = pgTable(
  'status_checks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    service: text('service').notNull(),
    status: text('status', { enum: ['online', 'limited', 'offline'] }).notNull(),
    latencyMs: integer('latency_ms').notNull(),
    /** Why a check was not online (timeout, error text); null when online. */
    detail: text('detail'),
    checkedAt: bigint('checked_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('status_checks_service_idx').on(t.service, t.checkedAt),
    index('status_checks_time_idx').on(t.checkedAt),
  ],
);

/**
 * One row the database probe overwrites and reads back every check: a real committed write and a read of it,
 * without growing any table.
 */
export const statusHeartbeat = pgTable('status_heartbeat', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nonce: text('nonce').notNull(),
  writtenAt: bigint('written_at', { mode: 'number' }).notNull(),
});

/**
 * Each service's roll-up per UTC day (see status/rollup.ts), rewritten from the day's checks after every probe
 * round. Start-up reads these ~450 rows instead of folding up to 650,000 checks.
 */
export const statusDays = pgTable(
  'status_days',
  {
    service: text('service').notNull(),
    /** Start of the UTC day, ms. */
    day: bigint('day', { mode: 'number' }).notNull(),
    checkedMinutes: integer('checked_minutes').notNull(),
    onlineMinutes: integer('online_minutes').notNull(),
    limitedMinutes: integer('limited_minutes').notNull(),
    offlineMinutes: integer('offline_minutes').notNull(),
    incidents: integer('incidents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.day] }), index('status_days_day_idx').on(t.day)],
);

/**
 * The server instances sharing this database, each refreshing its row every 20 s while it serves (status/instances.ts):
 * the status page counts those seen in the last minute. Rows of instances gone for a day are deleted.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  seenAt: bigint('seen_at', { mode: 'number' }).notNull(),
});
