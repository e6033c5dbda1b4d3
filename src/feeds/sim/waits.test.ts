import { describe, expect, it } from 'vitest';
import { FITTED_SHAPES } from './fitted-shapes.js';
import { dailyCurve, postedWait, singleRiderWait } from './waits.js';
import { dateStringOf, dayNumberOf, instantOfLocal } from './local-time.js';
import { catalog, must, sim } from './test-fixtures.js';

const mk = must(catalog.park('magic-kingdom'));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

const HEADLINERS: readonly string[] = [
  'magic-kingdom_seven-dwarfs-mine-train',
  'magic-kingdom_tron-lightcycle-run',
  'magic-kingdom_peter-pans-flight',
  'hollywood-studios_slinky-dog-dash',
  'hollywood-studios_star-wars-rise-of-the-resistance',
  'epcot_guardians-of-the-galaxy-cosmic-rewind',
  'animal-kingdom_avatar-flight-of-passage',
  'islands-of-adventure_hagrids-magical-creatures-motorbike-adventure',
  'epic-universe_mario-kart-bowsers-challenge',
  'california-adventure_radiator-springs-racers',
];

function waitOf(rideId: string, at: number): number | null {
  const ride = catalog.ride(rideId);
  if (ride.kind !== 'found') throw new Error(`unknown ride ${rideId}`);
  const entry = sim.simulateLiveQueues(ride.park, at).entries.find((e) => e.ride_id === rideId);
  return entry?.status === 'OPERATING' ? entry.standby_wait_minutes : null;
}

describe('posted waits', () => {
  it('are multiples of 5, at least 5, with single-rider waits below standby', () => {
    for (const p of catalog.parks) {
      for (const time of ['09:30', '12:40', '17:15', '20:05']) {
        for (const e of sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, '2026-11-21', time)).entries) {
          for (const wait of [e.standby_wait_minutes, e.single_rider_wait_minutes]) {
            if (wait === null) continue;
            expect(wait % 5).toBe(0);
            expect(wait).toBeGreaterThanOrEqual(5);
          }
          if (e.single_rider_wait_minutes !== null) {
            expect(e.single_rider_wait_minutes).toBeLessThanOrEqual(e.standby_wait_minutes ?? 0);
          }
        }
      }
    }
    expect([0, 2, 3, 7, 8, 12, 152].map(postedWait)).toEqual([5, 5, 5, 5, 10, 10, 130]);
    expect(singleRiderWait(10, 0.3)).toBe(5);
  });

  it('follow the day: low at opening, peaking late morning to midday, falling in the evening', () => {
    const headliner = {
      shape: FITTED_SHAPES.classShapes.headliner,
      taper: FITTED_SHAPES.classTapers.headliner,
    };
    expect(dailyCurve(headliner, 30, 750, 570)).toBeLessThan(dailyCurve(headliner, 240, 540, 780));
    expect(dailyCurve(headliner, 660, 30, 1230)).toBeLessThan(dailyCurve(headliner, 240, 540, 780));
    const days = Array.from({ length: 24 }, (_, i) => dateStringOf(dayNumberOf('2026-10-01') + i * 3));
    // Date-major, so each park day is built once.
    const samples = new Map(
      HEADLINERS.slice(0, 6).map((id) => [
        id,
        { early: [] as number[], midday: [] as number[], late: [] as number[] },
      ]),
    );
    for (const date of days) {
      for (const [rideId, sample] of samples) {
        const ride = catalog.ride(rideId);
        if (ride.kind !== 'found') throw new Error(rideId);
        const operating = must(sim.simulateSchedule(ride.park, date).windows[0]);
        const pick = (at: number, into: number[]) => {
          const wait = waitOf(rideId, at);
          if (wait !== null) into.push(wait);
        };
        pick(operating.opens_at + 30 * 60_000, sample.early);
        pick(instantOfLocal(ride.park.time_zone, date, '13:00'), sample.midday);
        pick(operating.closes_at - 60 * 60_000, sample.late);
      }
    }
    for (const [rideId, sample] of samples) {
      expect(median(sample.midday), rideId).toBeGreaterThan(median(sample.early));
      expect(median(sample.midday), rideId).toBeGreaterThan(median(sample.late));
    }
  });

  it('put headliners at 60+ minutes midday on a busy date, and 20-45 at opening', () => {
    for (const rideId of HEADLINERS) {
      const ride = catalog.ride(rideId);
      if (ride.kind !== 'found') throw new Error(rideId);
      const zone = ride.park.time_zone;
      const midday = ['12:00', '13:00', '14:00', '15:00'].map(
        (t) => waitOf(rideId, instantOfLocal(zone, '2026-12-28', t)) ?? 0,
      );
      expect(Math.max(...midday), rideId).toBeGreaterThanOrEqual(60);
    }
    const openings = HEADLINERS.slice(0, 7).map((rideId) => {
      const ride = catalog.ride(rideId);
      if (ride.kind !== 'found') throw new Error(rideId);
      const opens = must(sim.simulateSchedule(ride.park, '2026-11-10').windows[0]).opens_at;
      return waitOf(rideId, opens) ?? 30;
    });
    expect(median(openings)).toBeGreaterThanOrEqual(15);
    expect(median(openings)).toBeLessThanOrEqual(45);
  });

  it('average 25-55 minutes park-wide at Walt Disney World on typical days', () => {
    const wdw = ['magic-kingdom', 'epcot', 'hollywood-studios', 'animal-kingdom'].map((k) =>
      must(catalog.park(k)),
    );
    let sum = 0;
    let count = 0;
    for (const date of ['2026-10-06', '2026-10-21', '2026-11-04', '2026-11-17']) {
      for (const p of wdw) {
        for (const time of ['10:00', '12:00', '14:00', '16:00', '18:00']) {
          for (const e of sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, date, time)).entries) {
            if (e.type === 'ride' && e.standby_wait_minutes !== null) {
              sum += e.standby_wait_minutes;
              count++;
            }
          }
        }
      }
    }
    expect(sum / count).toBeGreaterThan(25);
    expect(sum / count).toBeLessThan(55);
  });

  it('are busier on the Christmas peak than in early December and mid-September', () => {
    const average = (date: string) => {
      const waits = ['11:00', '13:00', '15:00'].flatMap((t) =>
        sim
          .simulateLiveQueues(mk, instantOfLocal(mk.time_zone, date, t))
          .entries.flatMap((e) =>
            e.type === 'ride' && e.standby_wait_minutes !== null ? [e.standby_wait_minutes] : [],
          ),
      );
      return waits.reduce((a, b) => a + b, 0) / waits.length;
    };
    expect(average('2026-12-29')).toBeGreaterThan(average('2026-12-08'));
    expect(average('2026-12-08')).toBeGreaterThan(average('2026-09-15'));
  });
});
