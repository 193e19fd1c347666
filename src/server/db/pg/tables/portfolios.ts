/**
 * Generated from src/server/db/tables/portfolios.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Money and quantities are decimal strings (decimal.js), never binary floats. */

export const portfolios = pgTable(
  'portfolios',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(false),
    /** At least 128 random bits, URL-safe; null while private. A new one each time it goes public. */
    shareableLink: text('shareable_link').unique(),
    /** How realised gains are computed: 'fifo' or 'average' (issue 21). */
    costMethod: text('cost_method').notNull().default('fifo'),
    /** The currency every figure is answered in (ISO 4217, one of FX_CURRENCIES; issue 27 §3, decision 023). */
    baseCurrency: text('base_currency').notNull().default('USD'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('portfolios_user_idx').on(t.userId)],
);

export const holdings = pgTable(
  'holdings',
  {
    id: text('id').primaryKey(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    quantity: text('quantity').notNull(),
    averagePrice: text('average_price').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  // One holding per symbol: adding a symbol already held merges into it.
  (t) => [uniqueIndex('holdings_portfolio_symbol_idx').on(t.portfolioId, t.symbol)],
);

/**
 * The ledger (issue 21): one row per buy, sell, dividend, fee, split, deposit or withdrawal. `holdings` is its
 * projection, rewritten in the same transaction as every write here. Fields a type does not use are null.
 */
export const portfolioActivities = pgTable(
  'portfolio_activities',
  {
    id: text('id').primaryKey(),
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** 'YYYY-MM-DD' (UTC calendar day); sorts as text. */
    date: text('date').notNull(),
    symbol: text('symbol'),
    quantity: text('quantity'),
    price: text('price'),
    fee: text('fee'),
    amount: text('amount'),
    ratio: text('ratio'),
    note: text('note'),
    /** The currency of price, fee and amount (ISO 4217); rows stored before currencies are USD. */
    currency: text('currency').notNull().default('USD'),
    /** The broker's rate of 1 unit of `currency` in the portfolio's base currency, when the file gave one. */
    fxRate: text('fx_rate'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  // Ledger order is (date, created_at, id); every read is one portfolio's activities.
  (t) => [index('portfolio_activities_portfolio_date_idx').on(t.portfolioId, t.date)],
);
