import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
  (t) => [index('status_checks_service_idx').on(t.service, t.checkedAt), index('status_checks_time_idx').on(t.checkedAt)],
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
