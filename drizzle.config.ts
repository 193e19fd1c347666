import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/sqliteSchema.ts',
  out: './db/migrations',
});
