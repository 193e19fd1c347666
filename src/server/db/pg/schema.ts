/**
 * Generated from src/server/db/sqliteSchema.ts by scripts/gen-pg-tables.ts: do not edit. Every table for
 * PostgreSQL, with the same export names as the SQLite schema; drizzle-kit reads them through these re-exports
 * (drizzle.pg.config.ts).
 */
export * from './tables/auth';
export * from './tables/usage';
export * from './tables/chat';
export * from './tables/portfolios';
export * from './tables/social';
export * from './tables/status';
export * from './tables/notifications';
export * from './tables/watchlists';
export * from './tables/alerts';
