import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REOPENING_OPTIONS,
  ReopeningModel,
  observationsBefore,
  type OutageObservation,
  type OutageQuery,
  type RecordedOutage,
  type ReopeningOptions,
} from './reopening.js';

const RIDE: OutageQuery = {
  ride_id: 'p_coaster',
  park_key: 'p',
  kind: 'thrill',
  group: 'DOWN',
  at_opening: false,
  local_hour: 14,
};

/** No shrinkage: every level holds the same outages, so the curve is the plain Kaplan-Meier one. */
const RAW: ReopeningOptions = { ...DEFAULT_REOPENING_OPTIONS, shrinkage: 0 };

function outages(count: number, minutes: number, overrides: Partial<OutageObservation> = {}) {
  return Array.from({ length: count }, () => ({ ...RIDE, minutes, reopened: true, ...overrides }));
}

describe('ReopeningModel', () => {
  it('reads the survival of an outage already 45 minutes long from the outages that lasted that long', () => {
    // Ten outages each of 20, 50, 60 and 90 minutes.
    const model = new ReopeningModel(
      [...outages(10, 20), ...outages(10, 50), ...outages(10, 60), ...outages(10, 90)],
      RAW,
    );
    const survival = model.survival(RIDE);
    expect([survival[20], survival[45], survival[50], survival[60], survival[90]]).toEqual([
      0.75, 0.75, 0.5, 0.25, 0,
    ]);
    // From the start: half are over by 50 minutes, 10% by 20, 90% by 90.
    expect(model.lengthGiven(RIDE, 0)).toEqual({ low: 20, median: 50, high: 90 });
    // 45 minutes down: the 20-minute outages are ruled out; of the 30 left, a third ends at 50,
    // so the median is 60 (S(60) / S(45) = 1/3), 10% by 50 and 90% by 90.
    expect(model.lengthGiven(RIDE, 45)).toEqual({ low: 50, median: 60, high: 90 });
    // A fraction of a minute is dropped: 45.9 minutes down reads as 45.
    expect(model.lengthGiven(RIDE, 45.9)).toEqual(model.lengthGiven(RIDE, 45));
  });

  it('counts a length in the minute it ends: 4.5 and 5 minutes both end in minute 5', () => {
    const model = new ReopeningModel([...outages(5, 4.5), ...outages(5, 5)], RAW);
    expect(model.survival(RIDE)[4]).toBe(1);
    expect(model.survival(RIDE)[5]).toBe(0);
  });

  it('takes an outage the closing cut as still down until then, never as a reopening', () => {
    // Ten reopened after 30 minutes; ten cut by the closing after 20 minutes.
    const model = new ReopeningModel([...outages(10, 30), ...outages(10, 20, { reopened: false })], RAW);
    // Counted as ends, the cut ones would make the median 20; censored, no outage ends before 30.
    expect(model.survival(RIDE)[29]).toBe(1);
    expect(model.lengthGiven(RIDE, 0)).toEqual({ low: 30, median: 30, high: 30 });
  });

  it('carries the tail past the longest outage seen at the constant hazard, so long outages still get an answer', () => {
    const model = new ReopeningModel(outages(20, 10), DEFAULT_REOPENING_OPTIONS);
    const length = model.lengthGiven(RIDE, 30);
    expect(length.median).toBeGreaterThan(30);
    expect(length.high).toBeGreaterThan(length.median ?? Infinity);
  });

  it('answers nothing when nothing was ever recorded, or past the horizon', () => {
    expect(new ReopeningModel([]).lengthGiven(RIDE, 0)).toEqual({
      low: undefined,
      median: undefined,
      high: undefined,
    });
    const model = new ReopeningModel(outages(10, 30));
    expect(model.lengthGiven(RIDE, DEFAULT_REOPENING_OPTIONS.horizonMinutes).median).toBeUndefined();
  });

  it('follows a ride’s own history when it has plenty, and rides of its kind in its park when it has none', () => {
    const family = { ride_id: 'p_carousel', kind: 'family' as const };
    const history = [
      // Thrill rides of the park stop for 40 minutes, family rides for 10.
      ...outages(100, 40),
      ...outages(100, 40, { ride_id: 'p_drop' }),
      ...outages(100, 10, family),
      // One thrill ride of its own kind: 200 stops of 20 minutes.
      ...outages(200, 20, { ride_id: 'p_odd' }),
    ];
    const model = new ReopeningModel(history);
    expect(model.lengthGiven({ ...RIDE, ride_id: 'p_odd' }, 0).median).toBe(20);
    expect(model.lengthGiven(RIDE, 0).median).toBe(40);
    expect(model.lengthGiven({ ...RIDE, ...family }, 0).median).toBe(10);
    // A thrill ride with no outage yet: its kind in its park (stops of 20 and 40 minutes).
    const newcomer = model.lengthGiven({ ...RIDE, ride_id: 'p_new' }, 0).median ?? 0;
    expect(newcomer).toBeGreaterThanOrEqual(20);
    expect(newcomer).toBeLessThanOrEqual(40);
    // A family ride with none: family rides' 10 minutes, not the thrill rides'.
    expect(model.lengthGiven({ ...RIDE, ride_id: 'p_new_family', kind: 'family' }, 0).median).toBe(10);
  });

  it('tells statuses and outages at opening apart', () => {
    const model = new ReopeningModel([
      ...outages(100, 8, { group: 'BRIEF_DELAY' }),
      ...outages(100, 25),
      ...outages(100, 90, { at_opening: true }),
      ...outages(100, 45, { group: 'WEATHER_DELAY' }),
    ]);
    expect(model.lengthGiven({ ...RIDE, group: 'BRIEF_DELAY' }, 0).median).toBe(8);
    expect(model.lengthGiven(RIDE, 0).median).toBe(25);
    expect(model.lengthGiven({ ...RIDE, at_opening: true }, 0).median).toBe(90);
    expect(model.lengthGiven({ ...RIDE, group: 'WEATHER_DELAY' }, 0).median).toBe(45);
    // Weather at opening was never seen: weather outages stand in for it.
    expect(model.lengthGiven({ ...RIDE, group: 'WEATHER_DELAY', at_opening: true }, 0).median).toBe(45);
  });
});

describe('ReopeningModel, time of day', () => {
  it('leaves the curve alone where every part of the day sees the same outages', () => {
    const history = [20, 50, 90].flatMap((minutes) => [
      ...outages(10, minutes, { local_hour: 9 }),
      ...outages(10, minutes, { local_hour: 20 }),
    ]);
    const model = new ReopeningModel(history, RAW);
    const plain = new ReopeningModel(history, { ...RAW, timeOfDay: false });
    const expected = [...plain.survival(RIDE)];
    for (const local_hour of [9, 20]) {
      const survival = [...model.survival({ ...RIDE, local_hour })];
      expect(Math.max(...survival.map((value, m) => Math.abs(value - (expected[m] ?? 0))))).toBeLessThan(
        1e-9,
      );
    }
  });

  it('shortens the evening’s outages where evening outages end sooner', () => {
    // Mornings: stops of 40 minutes; evenings: of 10. Pooled, the ride's median is 10 or 40.
    const model = new ReopeningModel([
      ...outages(50, 40, { local_hour: 9 }),
      ...outages(50, 10, { local_hour: 20 }),
    ]);
    const morning = model.lengthGiven({ ...RIDE, local_hour: 9 }, 0).median ?? 0;
    const evening = model.lengthGiven({ ...RIDE, local_hour: 20 }, 0).median ?? 0;
    expect(evening).toBeLessThan(morning);
  });
});

describe('observationsBefore', () => {
  const start = Date.parse('2026-10-01T14:00:00Z');
  const recorded = (minutes: number | null, end: RecordedOutage['end'], daysBack = 0): RecordedOutage => ({
    ...RIDE,
    started_at: start - daysBack * 86_400_000,
    ended_at: minutes === null ? null : start - daysBack * 86_400_000 + minutes * 60_000,
    end,
  });

  it('learns from outages ended before the fit, within its history window, reopened or cut', () => {
    const list = [
      recorded(30, 'reopened'),
      recorded(20, 'closed'),
      recorded(40, 'unobserved'),
      recorded(null, null),
      recorded(90, 'reopened'),
      recorded(15, 'reopened', DEFAULT_REOPENING_OPTIONS.historyDays + 1),
    ];
    const observed = observationsBefore(list, start + 60 * 60_000);
    expect(observed.map((o) => [o.minutes, o.reopened])).toEqual([
      [30, true],
      [20, false],
      [40, false],
    ]);
  });
});
