/**
 * PostgreSQL connections per instance unless DATABASE_POOL_SIZE says otherwise (config.ts). Two cores run a handful of
 * queries at once; more would only queue inside PostgreSQL. A file of its own so the config reads it without loading pg.
 */
export const DEFAULT_POOL_SIZE = 10;
