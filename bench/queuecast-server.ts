/**
 * queuecast under test, in its own process: the compiled app from `createApp` on the backfilled
 * `.bench/data`, with production limits, access rules and logging (LOG_LEVEL=info, to /dev/null).
 * It tells the parent its address, then answers commands over IPC.
 *
 *   node --import tsx bench/queuecast-server.ts DATA_DIR CLOCK POLL
 *
 * - CLOCK `system` (the HTTP and memory rows) or `frozen` (fan-out: a manual clock stopped at the
 *   start, so data never turns stale and nothing but the measured change reaches the streams).
 * - POLL `poll` (ingest refreshes every park every 5 s, as `npm start`) or `no-poll` (the parent
 *   asks for that same refresh with `refresh` right before each run, so a run sees one snapshot).
 *
 * `bare` starts (or re-sets) the HTTP baseline in this process, answering the bytes it is given.
 *
 * With BENCH_REDIS_URL in its environment it shares state through that Redis (REDIS_URL), under the
 * key prefix BENCH_REDIS_PREFIX: the scale-out rows (scale-out.ts).
 *
 * Always `TRUST_PROXY=loopback`, as behind a local proxy: keyless callers are then told apart by
 * X-Forwarded-For, so wrk can present many client addresses (see BENCHMARKS.md).
 */
// First, before anything else allocates, as in src/main.ts (ADR 0007).
import '../src/lib/tick-shapes.js';
import type { LiveEntry } from '../src/live/types.js';
import { loadBuiltApp } from './built-app.js';
import { serve } from './child.js';
import { startProfile, stopProfile } from './cpu-profile.js';
import { fixedResponseServer, type FixedResponse } from './fixed-response.js';
import { collectedMemory } from './stats.js';

const [dataDir = '', clockName = 'system', pollName = 'no-poll'] = process.argv.slice(2);
const { createApp, createLogger, loadConfig, ManualClock, systemClock } = await loadBuiltApp();
const clock = clockName === 'frozen' ? new ManualClock(Date.now()) : systemClock;
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'loopback',
  // The sim-parks section: the simulator's generated parks beside the ten.
  ...(process.env.BENCH_SIM_PARKS
    ? { FEED: 'sim', SIM_PARKS: process.env.BENCH_SIM_PARKS, PARKS: 'all' }
    : {}),
  ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
});
const app = await createApp({
  config,
  logger: createLogger(config.logLevel),
  clock,
  poll: pollName === 'poll',
  ...(process.env.BENCH_REDIS_PREFIX
    ? { sharedState: { redisKeyPrefix: process.env.BENCH_REDIS_PREFIX } }
    : {}),
});
const url = await app.listen();
// At 120 parks the first computation of every park's models takes minutes of CPU beside requests;
// the sim-parks rows measure the server after it, as it runs from then on.
if (process.env.BENCH_SIM_PARKS) await app.context.services.models.recomputeAll();

/** The bare baseline in this same process (`bare`), for instruction counts on one heap and JIT. */
let bare: FixedResponse | undefined;

async function startBare(request: Record<string, unknown>): Promise<{ url: string }> {
  if (!bare) {
    const started = fixedResponseServer();
    await new Promise<void>((resolve) => started.server.listen(0, '127.0.0.1', resolve));
    bare = started;
  }
  bare.respond(request);
  const address = bare.server.address();
  if (!address || typeof address === 'string') throw new Error('the bare server has no port');
  return { url: `http://127.0.0.1:${address.port}` };
}

let wait = 0;
/** One ride's posted wait changes: the event ingest publishes after a refresh. */
function publishChange(): { t0: string; loopNs: string } {
  wait = (wait + 5) % 120;
  const changed: LiveEntry = {
    ride_id: 'magic-kingdom_space-mountain',
    name: 'Space Mountain',
    type: 'ride',
    status: 'OPERATING',
    standby_wait_minutes: wait,
    // Fixed, as ingest works it out once per posted wait, not per message.
    estimated_actual: {
      minutes: Math.round(wait * 0.7),
      low: Math.round(wait * 0.5),
      high: Math.round(wait * 0.9),
    },
    single_rider_wait_minutes: null,
    priority_lane: null,
    changed_at: clock.now(),
  };
  const t0 = process.hrtime.bigint();
  void app.bus.publish({
    type: 'changes',
    park_key: 'magic-kingdom',
    at: clock.now(),
    changed: [changed],
    removed: [],
  });
  const t1 = process.hrtime.bigint();
  return { t0: t0.toString(), loopNs: (t1 - t0).toString() };
}

serve(async (request) => {
  switch (request.command) {
    case 'refresh':
      await app.ingest.refreshAll();
      return {};
    case 'publish':
      return publishChange();
    case 'subscribers':
      return { count: app.streams.hub.connections.size };
    case 'memory':
      return collectedMemory();
    case 'rss':
      return { rss: process.memoryUsage.rss() };
    case 'bare':
      return startBare(request);
    case 'profile-start':
      await startProfile();
      return {};
    case 'profile-stop':
      await stopProfile(String(request.file));
      return {};
    default:
      throw new Error(`unknown command ${String(request.command)}`);
  }
});

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
process.send?.({ type: 'listening', url });
