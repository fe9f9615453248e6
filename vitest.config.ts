import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Web component tests opt into jsdom with a
 * `// @vitest-environment jsdom` comment; Playwright specs in e2e/ are not picked up. Integration
 * tests run on PostgreSQL: the global set-up starts the embedded server (or takes
 * TEST_DATABASE_URL's) and a migrated template each test file clones
 * (docs/decisions/026-tests-on-postgresql.md).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker; the files spend much of their time waiting on
    // PostgreSQL, servers and timers, so two workers nearly halve the run (decision 026).
    maxWorkers: 2,
  },
});
