import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';

/** Money and quantities are decimal strings (decimal.js), never binary floats. */

export const portfolios = sqliteTable(
  'portfolios',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** At least 128 random bits, URL-safe; null while private. A new one each time it goes public. */
    shareableLink: text('shareable_link').unique(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('portfolios_user_idx').on(t.userId)],
);

export const holdings = sqliteTable(
  'holdings',
  {
    id: text('id').primaryKey(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    quantity: text('quantity').notNull(),
    averagePrice: text('average_price').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  // One holding per symbol: adding a symbol already held merges into it.
  (t) => [uniqueIndex('holdings_portfolio_symbol_idx').on(t.portfolioId, t.symbol)],
);
