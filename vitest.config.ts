import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Installs Chromium for the browser tests when a fresh machine lacks it; starts a throwaway
    // PostgreSQL and Redis for the scale-out tests (installing redis-server when missing).
    globalSetup: ['test/support/provision.ts', 'test/support/databases.ts'],
  },
});
