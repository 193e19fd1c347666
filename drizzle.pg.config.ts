import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations (DATABASE_URL mode); drizzle.config.ts keeps SQLite's. `npm run db:generate:pg` writes them. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/pg/schema.ts',
  out: './db/migrations-pg',
});
