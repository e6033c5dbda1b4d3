/**
 * queuecast for the plans rows, in its own process: the compiled app on the backfilled
 * `.bench/data`, as `queuecast-server.ts` starts it (production limits, logging to the parent's
 * choice), with one thing more: it watches its own event loop while the parent plans, since the
 * longest stall is only visible from inside.
 *
 *   node --import tsx bench/plans-server.ts DATA_DIR
 */
// First, before anything else allocates, as in src/main.ts (ADR 0007).
import '../src/lib/tick-shapes.js';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { loadBuiltApp } from './built-app.js';
import { serve } from './child.js';

const [dataDir = ''] = process.argv.slice(2);
const { createApp, createLogger, loadConfig, systemClock } = await loadBuiltApp();
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'loopback',
});
const app = await createApp({
  config,
  logger: createLogger(config.logLevel),
  clock: systemClock,
  poll: false,
});
const url = await app.listen();

let delay: IntervalHistogram | undefined;

serve((request) => {
  switch (request.command) {
    case 'refresh':
      return app.ingest.refreshAll().then(() => ({}));
    case 'loop-start':
      delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      return Promise.resolve({});
    case 'loop-stop': {
      delay?.disable();
      const longestMs = (delay?.max ?? 0) / 1e6;
      delay = undefined;
      return Promise.resolve({ longestMs });
    }
    default:
      return Promise.reject(new Error(`unknown command ${String(request.command)}`));
  }
});

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
process.send?.({ type: 'listening', url });
