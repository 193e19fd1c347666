/**
 * PostgreSQL twin of src/server/db/tables/usage.ts. This file must stay in step with the SQLite one: same tables,
 * SQL column names, keys, indexes and defaults, and the same TypeScript row types ($inferSelect / $inferInsert).
 * tests/unit/schemaDialects.test.ts checks it. Times are UTC milliseconds in `bigint` columns read as numbers.
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Daily usage counters: one row per user, UTC day ('YYYY-MM-DD') and limited feature
 * ('chatMessages' | 'graphGenerations' | 'portfolioAnalyses'). Reserved atomically before the work runs,
 * refunded when it fails (modules/usage).
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    feature: text('feature').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.feature] })],
);
