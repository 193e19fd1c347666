import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';

/**
 * Daily usage counters: one row per user, UTC day ('YYYY-MM-DD') and limited feature
 * ('chatMessages' | 'graphGenerations' | 'portfolioAnalyses'). Reserved atomically before the work runs,
 * refunded when it fails (modules/usage).
 */
export const usageCounters = sqliteTable(
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
