import { describe, expect, it } from 'vitest';
import { dayNumber, type HourlyDay } from '../models/hourly-history.js';
import { typicalWaits } from '../models/typical-waits.js';
import { recordedHours, recordedOperatingWindow } from './best-times.js';

const BERLIN = 'Europe/Berlin';

/** A recorded day with a posted wait in each of `hours` (12 readings an hour) and none outside. */
function recordedDay(date: string, hours: readonly number[]): HourlyDay {
  const means = new Float64Array(24).fill(Number.NaN);
  const counts = new Uint16Array(24);
  for (const hour of hours) {
    means[hour] = 20;
    counts[hour] = 12;
  }
  return { day: dayNumber(date), means, counts };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** Tables as the models fit them: from every day recorded before 2026-12-01. */
const typical = (days: HourlyDay[]) => typicalWaits(days, dayNumber('2026-12-01'));

describe('recorded hours of a park that publishes none', () => {
  // Saturdays 2026-11-21 and 2026-11-28; Sunday 2026-11-22 recorded nothing.
  const coaster = typical([
    recordedDay('2026-11-21', range(10, 18)),
    recordedDay('2026-11-28', range(10, 17)),
  ]);
  const carousel = typical([recordedDay('2026-11-21', [9, 11, 12, 19])]);

  it("lists a ride's hours with recorded waits on that weekday, none invented", () => {
    expect(recordedHours(coaster, 6)).toEqual(range(10, 18));
    expect(recordedHours(carousel, 6)).toEqual([9, 11, 12, 19]);
    expect(recordedHours(coaster, 0)).toEqual([]);
    expect(recordedHours(undefined, 6)).toEqual([]);
  });

  it("spans the park's rides from the first recorded hour to the end of the last", () => {
    expect(recordedOperatingWindow([coaster, carousel], '2026-12-05', BERLIN)).toEqual({
      opens_at: Date.parse('2026-12-05T08:00:00Z'),
      closes_at: Date.parse('2026-12-05T19:00:00Z'),
    });
    expect(recordedOperatingWindow([coaster], '2026-12-05', BERLIN)).toEqual({
      opens_at: Date.parse('2026-12-05T09:00:00Z'),
      closes_at: Date.parse('2026-12-05T17:00:00Z'),
    });
  });

  it('is undefined for a weekday with nothing recorded, or a park without rides', () => {
    expect(recordedOperatingWindow([coaster, carousel], '2026-12-06', BERLIN)).toBeUndefined();
    expect(recordedOperatingWindow([], '2026-12-05', BERLIN)).toBeUndefined();
  });

  it('keeps park-local hours across a change of clocks', () => {
    // 2027-03-27 is the Saturday before Europe moves to summer time: 10:00 local is 09:00 UTC;
    // on a summer Saturday it is 08:00 UTC.
    expect(recordedOperatingWindow([coaster], '2027-03-27', BERLIN)?.opens_at).toBe(
      Date.parse('2027-03-27T09:00:00Z'),
    );
    expect(recordedOperatingWindow([coaster], '2027-04-03', BERLIN)?.opens_at).toBe(
      Date.parse('2027-04-03T08:00:00Z'),
    );
  });
});
