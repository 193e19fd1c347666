/**
 * Generated from src/server/db/tables/usage.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
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
