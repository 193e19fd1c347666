/**
 * Vitest globalSetup: one PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL's), stopped when the
 * run ends. Tests read its URL with `inject('postgresUrl')` and make their own database on it with createDatabase()
 * from ./postgres. Wire it into a project with `globalSetup: ['tests/helpers/postgresGlobalSetup.ts']`.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL of a user that may create databases, on the run's server. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
