import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/sequencer.js';

/** Tests that need the throwaway PostgreSQL and Redis (test/support/databases.ts). */
const DATABASE_TESTS = [
  'test/scale-out/**/*.test.ts',
  'src/store/postgres/**/*.test.ts',
  'src/shared-state/redis/**/*.test.ts',
  'src/store/copy-store.test.ts',
];

/** Tests that drive Chromium (test/support/provision.ts installs it on a fresh machine). */
const BROWSER_TESTS = [
  'test/site/browser.test.ts',
  'test/stream/browser.test.ts',
  'test/api/browser-cache.test.ts',
  'test/site/plan-page.test.ts',
  'test/site/park-list.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores here, but much of the integration and scale-out time is spent waiting on sockets,
    // child processes and real time, so a third worker keeps both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          // Pure logic: no server, no browser, no database server. One module graph per worker.
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: DATABASE_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The real server on a random port, spoken to over HTTP, WebSocket and SSE.
          // One module graph per worker too: each file starts its own servers, but does not load
          // the whole service again to do so.
          name: 'integration',
          include: ['test/**/*.test.ts'],
          isolate: false,
          exclude: [...DATABASE_TESTS, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: { name: 'browser', include: BROWSER_TESTS, globalSetup: ['test/support/provision.ts'] },
      },
      {
        extends: true,
        test: { name: 'scale-out', include: DATABASE_TESTS, globalSetup: ['test/support/databases.ts'] },
      },
    ],
  },
});
