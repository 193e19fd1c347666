/**
 * Generated from src/server/db/tables/watchlists.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A user's named lists of symbols (issue 30 §1). `updated_at` moves on every change to the list or its symbols. */
export const watchlists = pgTable(
  'watchlists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  // A user's lists in creation order (the popular list, made first, stays first).
  (t) => [index('watchlists_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The symbols of a list, each once, in `position` order. Positions are unique within a list: an add takes the
 * highest plus one and a reorder rewrites them all, each inside the list's write transaction.
 */
export const watchlistSymbols = pgTable(
  'watchlist_symbols',
  {
    watchlistId: text('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    position: integer('position').notNull(),
    addedAt: bigint('added_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.watchlistId, t.symbol] }),
    uniqueIndex('watchlist_symbols_position_idx').on(t.watchlistId, t.position),
  ],
);

/**
 * One row per user who was given the popular list as their first watchlist: written with it, in the same
 * transaction, so it is made exactly once, and never again after the user deletes it.
 */
export const watchlistStarts = pgTable('watchlist_starts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
