import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. Web component tests opt into jsdom with a
 * `// @vitest-environment jsdom` comment; Playwright specs in e2e/ are not picked up.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
