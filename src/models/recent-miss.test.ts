import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, type HourlyDay } from './hourly-history.js';
import { NOWCAST_OFFSET } from './nowcast.js';
import {
  DEFAULT_RECENT_MISS_OPTIONS,
  RecentMissFit,
  carriedMiss,
  recentMiss,
  withRecentMiss,
  type RecentMissOptions,
} from './recent-miss.js';

const ORIGIN = dayNumber('2019-05-15');
const PREDICTED = 20;
const predictFlat = () => PREDICTED;

/** A day posting `minutes` at hours 8-21, two readings an hour. */
function dayAt(day: number, minutes: number): HourlyDay {
  const builder = new HourlyHistoryBuilder();
  for (let hour = 8; hour <= 21; hour++) {
    builder.add(day, hour, minutes);
    builder.add(day, hour, minutes);
  }
  const [entry] = builder.build();
  if (!entry) throw new Error('no readings');
  return entry;
}

const byDay = (...days: HourlyDay[]) => new Map(days.map((entry) => [entry.day, entry]));

describe('recentMiss', () => {
  it("is the log ratio of the last days' waits to their predictions, summed over their hours", () => {
    const days = byDay(dayAt(ORIGIN - 2, 40), dayAt(ORIGIN - 1, 20), dayAt(ORIGIN - 3, 500));
    // The two days before the origin only: 14 hours at 40 and 14 at 20 against 28 at 20.
    expect(recentMiss(days, predictFlat, ORIGIN, 2)).toBeCloseTo(
      Math.log((14 * 60 + NOWCAST_OFFSET) / (28 * 20 + NOWCAST_OFFSET)),
      9,
    );
  });

  it('is none without recorded days before the origin (a ride back from a closure today)', () => {
    expect(recentMiss(byDay(dayAt(ORIGIN, 90)), predictFlat, ORIGIN, 2)).toBe(0);
    expect(recentMiss(new Map(), predictFlat, ORIGIN, 2)).toBe(0);
  });
});

describe('carriedMiss', () => {
  it('carries the miss into the first day ahead whole, fading after, and leaves earlier days alone', () => {
    const carried = withRecentMiss(predictFlat, carriedMiss(ORIGIN, Math.log(2), 1));
    const { fade } = DEFAULT_RECENT_MISS_OPTIONS;
    // Today (the service's origin) and the day after both take it whole.
    expect(carried(ORIGIN, 12)).toBeCloseTo(2 * PREDICTED, 9);
    expect(carried(ORIGIN + 1, 12)).toBeCloseTo(2 * PREDICTED, 9);
    expect(carried(ORIGIN + 2, 12)).toBeCloseTo(PREDICTED * 2 ** fade, 9);
    expect(carried(ORIGIN + 3, 12)).toBeCloseTo(PREDICTED * 2 ** (fade * fade), 9);
    expect(carried(ORIGIN - 1, 12)).toBe(PREDICTED);
  });

  it('adds nothing with no miss or no share', () => {
    expect(carriedMiss(ORIGIN, 0, 0.6)(ORIGIN + 1)).toBe(1);
    expect(carriedMiss(ORIGIN, 0.3, 0)(ORIGIN + 1)).toBe(1);
  });
});

describe('RecentMissFit', () => {
  const options: RecentMissOptions = { ...DEFAULT_RECENT_MISS_OPTIONS, priorWeight: 0.01 };

  /** Earlier origins whose misses (±0.4, alternating) the days after carry at `share`, fading. */
  function taught(share: number): RecentMissFit {
    const fit = new RecentMissFit(options);
    for (let k = 0; k < 20; k++) {
      const earlier = ORIGIN - 40 - 7 * k;
      const miss = k % 2 === 0 ? 0.4 : -0.4;
      for (let ahead = 1; ahead <= 30; ahead++) {
        const carried = share * options.fade ** Math.max(0, ahead - 1) * miss;
        // The day's sums carry the offset of the log ratio: a day whose ratio is exactly exp(carried).
        const minutes = (14 * PREDICTED + NOWCAST_OFFSET) * Math.exp(carried);
        fit.teach(miss, ahead, dayAt(earlier + ahead, (minutes - NOWCAST_OFFSET) / 14), predictFlat);
      }
    }
    return fit;
  }

  it('learns how much of the miss the days after carried', () => {
    expect(taught(0.5).share()).toBeCloseTo(0.5, 2);
    expect(taught(0.9).share()).toBeCloseTo(0.9, 2);
  });

  it('never carries more than all of it nor turns it around', () => {
    expect(taught(1.6).share()).toBe(1);
    expect(taught(-0.5).share()).toBe(0);
  });

  it('answers with the prior before it has been taught', () => {
    expect(new RecentMissFit().share()).toBeCloseTo(DEFAULT_RECENT_MISS_OPTIONS.prior, 9);
  });
});
