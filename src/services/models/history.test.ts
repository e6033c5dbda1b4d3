import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import { unpublishedSchedule, type ParkDaySchedule } from '../../feeds/types.js';
import { dayNumber } from '../../models/hourly-history.js';
import { startOfLocalDay } from '../../lib/time.js';
import type { HistoryStore } from '../../store/ports.js';
import { HistorySampler } from './history.js';

const found = Catalog.load().park('magic-kingdom');
if (!found) throw new Error('catalog without magic-kingdom');
const park = found;
const HOUR = 3_600_000;
const noChanges = { parkChanges: async () => [], latestChanges: async () => [] } as unknown as HistoryStore;

async function hoursOf(schedule: (date: string) => ParkDaySchedule): Promise<Map<number, number>> {
  const sampler = new HistorySampler(
    noChanges,
    { readSchedule: async (_p, date) => schedule(date) },
    '2026-11-25',
  );
  const { history } = await sampler.sample(park, startOfLocalDay('2026-11-27', park.time_zone) + 12 * HOUR);
  return history.hours;
}

describe('HistorySampler hours', () => {
  it('leaves a day without a published schedule unknown, not a closed day of no hours', async () => {
    const hours = await hoursOf((date) => unpublishedSchedule(park.id, date));
    expect(hours.size).toBe(0);
  });

  it('records a published day without windows as closed', async () => {
    const hours = await hoursOf((date) => ({ park_id: park.id, date, windows: [] }));
    expect(hours.get(dayNumber('2026-11-25'))).toBe(0);
    expect(hours.size).toBe(2);
  });
});
