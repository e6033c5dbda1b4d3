import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import type { LiveQueueEntry, OperatorStatus, ParkDaySchedule, ScheduleFeed } from '../feeds/types.js';
import { unpublishedSchedule } from '../feeds/types.js';
import { startOfLocalDay } from '../lib/time.js';
import { ParkHours, openByLiveRides } from './park-hours.js';

const park = Catalog.load().park('magic-kingdom');
if (!park) throw new Error('catalog without magic-kingdom');
const HOUR = 3_600_000;
const DAY = '2026-11-28';
const midnight = startOfLocalDay(DAY, park.time_zone);

function entry(status: OperatorStatus): LiveQueueEntry {
  return {
    ride_id: `magic-kingdom_${status.toLowerCase()}`,
    name: status,
    type: 'ride',
    status,
    standby_wait_minutes: status === 'OPERATING' ? 20 : null,
    single_rider_wait_minutes: null,
    return_windows: [],
  };
}

const reading = (...statuses: OperatorStatus[]) => ({ entries: statuses.map(entry) });

function feed(schedule: (date: string) => ParkDaySchedule): ScheduleFeed {
  return { readSchedule: async (_park, date) => schedule(date) };
}

describe('openByLiveRides', () => {
  it('is open while any ride operates', () => {
    expect(openByLiveRides(reading('CLOSED', 'DOWN', 'OPERATING'))).toBe(true);
  });
  it('is closed when none operates or none is reported', () => {
    expect(openByLiveRides(reading('CLOSED', 'DOWN', 'REFURBISHMENT', 'WEATHER_DELAY'))).toBe(false);
    expect(openByLiveRides(reading())).toBe(false);
  });
});

describe('ParkHours', () => {
  it('follows the live rides when the schedule is unpublished, whatever the hour', async () => {
    const hours = new ParkHours(
      park,
      feed((date) => unpublishedSchedule(park.id, date)),
    );
    expect(await hours.isOpen(midnight + 3 * HOUR, reading('OPERATING'))).toBe(true);
    expect(await hours.isOpen(midnight + 12 * HOUR, reading('CLOSED'))).toBe(false);
  });

  it('follows a published schedule, not the live rides', async () => {
    const hours = new ParkHours(
      park,
      feed((date) => ({
        park_id: park.id,
        date,
        windows:
          date === DAY
            ? [
                {
                  type: 'OPERATING',
                  description: 'Park hours',
                  opens_at: midnight + 9 * HOUR,
                  closes_at: midnight + 21 * HOUR,
                },
              ]
            : [],
      })),
    );
    expect(await hours.isOpen(midnight + 3 * HOUR, reading('OPERATING'))).toBe(false);
    expect(await hours.isOpen(midnight + 12 * HOUR, reading('CLOSED'))).toBe(true);
  });
});
