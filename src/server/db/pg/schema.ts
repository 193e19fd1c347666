/**
 * Every table for PostgreSQL, one file per domain under tables/, with the same export names as
 * src/server/db/schema.ts (SQLite). This must stay in step with the SQLite schema; tests/unit/schemaDialects.test.ts
 * checks that both describe the same tables and columns. drizzle-kit reads the tables through these re-exports
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
