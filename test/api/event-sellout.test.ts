/**
 * The first sell-out time of an event night is recorded by ingest's daily check that first sees it
 * sold out, kept in the store, survives a restart on the same DATA_DIR, and is not moved by later
 * checks (nor computed at request time: the body reports the check's time, not the upstream's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResortEventsResponse } from '../../src/api/routes/resorts/list-events.js';
import { createApp, type App } from '../../src/app/index.js';
import { createLogger } from '../../src/app/logger.js';
import { loadConfig } from '../../src/config/index.js';
import { eventNightsBetween } from '../../src/feeds/sim/event-nights.js';
import { dateStringOf, dayNumberOf } from '../../src/feeds/sim/local-time.js';
import { sellOutInstant } from '../../src/feeds/sim/resort/event-sales.js';
import { ManualClock } from '../../src/lib/clock.js';
import { BASE_URL, SITE_URL } from '../support/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/New_York';
const START = Date.parse('2026-11-05T14:00:00Z');

/** A Walt Disney World night in December that the simulator sells out between 1 and 20 days after START. */
function nightSellingOutSoon(): { date: string; seriesId: string; soldOutAt: number } {
  const candidates = eventNightsBetween(
    ['magic-kingdom', 'hollywood-studios'],
    dayNumberOf('2026-12-01'),
    dayNumberOf('2026-12-20'),
  );
  // The soonest, so the restart's history catch-up covers as few days as possible.
  const soonest = candidates
    .map(({ dayNumber, night }) => ({
      date: dateStringOf(dayNumber),
      seriesId: night.series.id,
      soldOutAt: sellOutInstant(ZONE, dayNumber, night) ?? Number.POSITIVE_INFINITY,
    }))
    .filter((c) => c.soldOutAt > START + DAY && c.soldOutAt < START + 20 * DAY)
    .sort((a, b) => a.soldOutAt - b.soldOutAt)[0];
  if (!soonest) throw new Error('no December night sells out in the test window');
  return soonest;
}

const dataDir = mkdtempSync(join(tmpdir(), 'queuecast-sellout-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function openApp(clock: ManualClock): Promise<{ app: App; url: string }> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL,
    BASE_URL,
    LOG_LEVEL: 'silent',
    COVERAGE_START: new Date(START - DAY).toISOString().slice(0, 10),
  });
  const app = await createApp({ config, logger: createLogger('silent'), clock, poll: false });
  return { app, url: await app.listen() };
}

async function nightOf(url: string, date: string, seriesId: string) {
  const response = await fetch(`${url}/v1/resorts/walt-disney-world/events?from=${date}&to=${date}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as ResortEventsResponse;
  const night = body.events.find((e) => e.series_id === seriesId);
  if (!night) throw new Error(`no ${seriesId} night on ${date}`);
  return night;
}

describe('an event night’s first sell-out time', () => {
  it('is recorded once by the check that sees it, survives a restart and is not moved by later checks', async () => {
    const target = nightSellingOutSoon();
    const clock = new ManualClock(START);

    let { app, url } = await openApp(clock);
    try {
      const before = await nightOf(url, target.date, target.seriesId);
      expect(before).toMatchObject({ status: 'on_sale', first_sold_out_at: null });

      // The next daily check after the night sold out records it, at the check's time.
      clock.set(target.soldOutAt + 30 * 60_000);
      const firstSeen = new Date(clock.now()).toISOString();
      await app.resortIngest.checkDue();
      const seen = await nightOf(url, target.date, target.seriesId);
      expect(seen).toMatchObject({
        status: 'sold_out',
        first_sold_out_at: firstSeen,
        last_checked_at: firstSeen,
      });

      // A check later the same local day is not due; the next day's check keeps the first time.
      clock.advance(HOUR);
      await app.resortIngest.checkDue();
      expect((await nightOf(url, target.date, target.seriesId)).last_checked_at).toBe(firstSeen);
      clock.advance(DAY);
      await app.resortIngest.checkDue();
      const later = await nightOf(url, target.date, target.seriesId);
      expect(later.first_sold_out_at).toBe(firstSeen);
      expect(later.last_checked_at).toBe(new Date(clock.now()).toISOString());
    } finally {
      await app.close();
    }

    // A restart on the same DATA_DIR checks again at start and still reports the first time.
    clock.advance(2 * DAY);
    ({ app, url } = await openApp(clock));
    try {
      const afterRestart = await nightOf(url, target.date, target.seriesId);
      expect(afterRestart.status).toBe('sold_out');
      expect(afterRestart.first_sold_out_at).toBe(new Date(target.soldOutAt + 30 * 60_000).toISOString());
      expect(afterRestart.last_checked_at).toBe(new Date(clock.now()).toISOString());
    } finally {
      await app.close();
    }
  }, 120_000);
});
