import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** One probe result per service per check (every 60 s); kept 90 days and rolled up per UTC day. */
export const statusChecks = sqliteTable(
  'status_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    service: text('service').notNull(),
    status: text('status', { enum: ['online', 'limited', 'offline'] }).notNull(),
    latencyMs: integer('latency_ms').notNull(),
    /** Why a check was not online (timeout, error text); null when online. */
    detail: text('detail'),
    checkedAt: integer('checked_at').notNull(),
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
export const statusHeartbeat = sqliteTable('status_heartbeat', {
  id: integer('id').primaryKey(),
  nonce: text('nonce').notNull(),
  writtenAt: integer('written_at').notNull(),
});

/**
 * Each service's roll-up per UTC day (see status/rollup.ts), rewritten from the day's checks after every probe
 * round. Start-up reads these ~450 rows instead of folding up to 650,000 checks.
 */
export const statusDays = sqliteTable(
  'status_days',
  {
    service: text('service').notNull(),
    /** Start of the UTC day, ms. */
    day: integer('day').notNull(),
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
export const serverInstances = sqliteTable('server_instances', {
  id: text('id').primaryKey(),
  startedAt: integer('started_at').notNull(),
  seenAt: integer('seen_at').notNull(),
});
