import { describe, expect, it } from 'vitest';
import { OUTAGE_STATUSES, type OperatorStatus } from '../types.js';
import { dateStringOf, dayNumberOf } from './local-time.js';
import { must, park, sim } from './test-fixtures.js';

const MINUTE = 60_000;

const dates = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => dateStringOf(dayNumberOf(first) + i));

describe('outages', () => {
  it('start and end: over a week of minute sampling rides go down and come back', () => {
    const dhs = park('hollywood-studios');
    const first = sim.simulateParkDay(dhs, '2026-10-05').schedule.dayStart;
    const last = new Map<string, OperatorStatus>();
    const recovered = new Set<string>();
    let downStarts = 0;
    for (let at = first; at < first + 7 * 1440 * MINUTE; at += MINUTE) {
      for (const e of sim.simulateLiveQueues(dhs, at).entries) {
        const before = last.get(e.ride_id);
        if (OUTAGE_STATUSES.has(e.status) && before === 'OPERATING') downStarts++;
        if (e.status === 'OPERATING' && before && OUTAGE_STATUSES.has(before)) recovered.add(e.ride_id);
        last.set(e.ride_id, e.status);
      }
    }
    expect(downStarts).toBeGreaterThan(7);
    expect(recovered.size).toBeGreaterThan(3);
  });

  it('hit unreliable rides far more: Test Track is down well above the EPCOT average', () => {
    const epcot = park('epcot');
    const down = new Map<string, number>();
    const open = new Map<string, number>();
    for (const date of dates('2026-10-01', 30)) {
      const day = sim.simulateParkDay(epcot, date);
      for (let at = day.schedule.dayStart; at < day.schedule.dayEnd; at += MINUTE) {
        for (const e of sim.simulateLiveQueues(epcot, at).entries) {
          if (e.type !== 'ride' || e.status === 'CLOSED' || e.status === 'REFURBISHMENT') continue;
          open.set(e.ride_id, (open.get(e.ride_id) ?? 0) + 1);
          if (OUTAGE_STATUSES.has(e.status)) down.set(e.ride_id, (down.get(e.ride_id) ?? 0) + 1);
        }
      }
    }
    const share = (id: string) => (down.get(id) ?? 0) / (open.get(id) ?? 1);
    const ids = [...open.keys()];
    const average = ids.reduce((sum, id) => sum + share(id), 0) / ids.length;
    const testTrack = share('epcot_test-track');
    expect(testTrack).toBeGreaterThan(1.8 * average);
    // ~90 minutes a day of a ~12.5-hour day.
    expect(testTrack * 750).toBeGreaterThan(50);
    expect(testTrack * 750).toBeLessThan(160);
    // Many rides rarely stop.
    expect(ids.filter((id) => share(id) * 750 < 20).length).toBeGreaterThanOrEqual(3);
  });

  it('put Slinky Dog Dash down at opening on roughly 18% of days', () => {
    const dhs = park('hollywood-studios');
    const index = dhs.attractions.findIndex((a) => a.id === 'hollywood-studios_slinky-dog-dash');
    let downAtOpening = 0;
    const days = dates('2026-01-01', 150);
    for (const date of days) {
      const timeline = must(sim.simulateParkDay(dhs, date).timelines[index]);
      const opening = timeline.entries.findIndex((e) => e !== null && e.status !== 'CLOSED');
      if (opening >= 0 && timeline.entries[opening]?.status === 'DOWN') downAtOpening++;
    }
    expect(downAtOpening / days.length).toBeGreaterThan(0.1);
    expect(downAtOpening / days.length).toBeLessThan(0.3);
  });

  it('close outdoor rides for Florida summer storms, rarely in California, never indoor rides', () => {
    const weatherDays = (parkKey: string, rideId: string, first: string, count: number) => {
      const p = park(parkKey);
      const index = p.attractions.findIndex((a) => a.id === rideId);
      expect(index, rideId).toBeGreaterThanOrEqual(0);
      return dates(first, count).filter((date) =>
        must(sim.simulateParkDay(p, date).timelines[index]).outages.some((o) => o.status === 'WEATHER_DELAY'),
      ).length;
    };
    expect(
      weatherDays('hollywood-studios', 'hollywood-studios_slinky-dog-dash', '2026-07-01', 31),
    ).toBeGreaterThan(8);
    expect(
      weatherDays('hollywood-studios', 'hollywood-studios_slinky-dog-dash', '2026-11-01', 30),
    ).toBeLessThan(8);
    expect(
      weatherDays('california-adventure', 'california-adventure_incredicoaster', '2026-07-01', 31),
    ).toBeLessThan(3);
    expect(weatherDays('magic-kingdom', 'magic-kingdom_haunted-mansion', '2026-07-01', 31)).toBe(0);
  });

  it('use BRIEF_DELAY at Disney and only DOWN at Universal', () => {
    const statuses = (parkKey: string) => {
      const seen = new Set<string>();
      for (const date of dates('2026-10-01', 20)) {
        for (const timeline of sim.simulateParkDay(park(parkKey), date).timelines) {
          for (const o of timeline.outages) seen.add(o.status);
        }
      }
      return seen;
    };
    expect(statuses('magic-kingdom').has('BRIEF_DELAY')).toBe(true);
    expect(statuses('islands-of-adventure').has('BRIEF_DELAY')).toBe(false);
    expect(statuses('islands-of-adventure').has('DOWN')).toBe(true);
  });
});
