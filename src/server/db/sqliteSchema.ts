/**
 * Every table, one file per domain under tables/. Times are UTC milliseconds unless a column says otherwise.
 * drizzle-kit reads the tables through these re-exports (drizzle.config.ts).
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
