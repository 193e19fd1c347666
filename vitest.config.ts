import { defineConfig } from 'vitest/config';

const api = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // The API tests run twice, unchanged: on SQLite, and on PostgreSQL (one embedded server for the run, or
      // TEST_DATABASE_URL's; a fresh database per test server). See tests/helpers/testServer.ts.
      { test: { name: 'api', ...api } },
      {
        test: {
          name: 'api-pg',
          ...api,
          env: { TEST_DIALECT: 'postgres' },
          globalSetup: ['tests/helpers/postgresGlobalSetup.ts'],
        },
      },
      // Several server processes on one PostgreSQL (tests/helpers/instances.ts): what a load balancer sees.
      {
        test: {
          name: 'multi',
          include: ['tests/multi/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/helpers/postgresGlobalSetup.ts'],
        },
      },
    ],
  },
});
