import { describe, expect, it } from 'vitest';
import type { RecordedOutage } from '../models/reopening.js';
import { backtestOutages } from './outage-backtest.js';

const DAY = 86_400_000;
const MINUTE = 60_000;
const FIRST = Date.parse('2026-10-01T00:00:00Z');
/** The park is open 13:00-22:00 UTC every day. */
const closingAt = (_park: string, at: number) => {
  const day = Math.floor((at - FIRST) / DAY);
  const opens = FIRST + day * DAY + 13 * 60 * MINUTE;
  const closes = FIRST + day * DAY + 22 * 60 * MINUTE;
  return at >= opens && at < closes ? closes : undefined;
};

function outage(day: number, hour: number, minutes: number, end: RecordedOutage['end']): RecordedOutage {
  const started_at = FIRST + day * DAY + hour * 60 * MINUTE;
  return {
    ride_id: 'p_coaster',
    park_key: 'p',
    kind: 'thrill',
    group: 'DOWN',
    at_opening: false,
    local_hour: Math.floor(hour),
    started_at,
    ended_at: end === null ? null : started_at + minutes * MINUTE,
    end,
  };
}

describe('backtestOutages', () => {
  it('scores each later outage at its start and while still open, on a fit of the earlier ones', () => {
    // Every day at 14:00 an outage of exactly 30 minutes: the answer is always known.
    const outages = Array.from({ length: 21 }, (_, day) => outage(day, 14, 30, 'reopened'));
    const result = backtestOutages({ outages, closingAt, since: FIRST, until: FIRST + 21 * DAY });
    // Origins at days 7 and 14 (each with a week of history before it), scoring days 7-20.
    expect(result.origins).toBe(2);
    expect(result.from).toBe(new Date(FIRST + 7 * DAY).toISOString());
    expect(result.checkpoints).toEqual([
      { minutes_down: 0, outages_scored: 14, mae_minutes: 0, naive_mae_minutes: 0, coverage_80: 1 },
      { minutes_down: 10, outages_scored: 14, mae_minutes: 0, naive_mae_minutes: 0, coverage_80: 1 },
      // Over by 30 minutes: nothing left to score.
      { minutes_down: 30, outages_scored: 0, mae_minutes: null, naive_mae_minutes: null, coverage_80: null },
      { minutes_down: 60, outages_scored: 0, mae_minutes: null, naive_mae_minutes: null, coverage_80: null },
    ]);
  });

  it('caps the estimate at closing and scores an outage the closing cut against the time to it', () => {
    const outages = [
      ...Array.from({ length: 14 }, (_, day) => outage(day, 14, 30, 'reopened')),
      // Down 10 minutes before closing, cut by it: 10 minutes left, where the median says 30.
      outage(7, 21 + 50 / 60, 10, 'closed'),
      // Neither an outage nobody saw end nor one still open is scored.
      outage(8, 15, 45, 'unobserved'),
      outage(9, 15, 0, null),
    ];
    const result = backtestOutages({ outages, closingAt, since: FIRST, until: FIRST + 14 * DAY });
    expect(result.origins).toBe(1);
    const [start] = result.checkpoints;
    // Seven daily outages scored exactly, plus the cut one: the estimate capped at closing is
    // right; the naive median (30 minutes, not capped) is 20 minutes off.
    expect(start).toEqual({
      minutes_down: 0,
      outages_scored: 8,
      mae_minutes: 0,
      naive_mae_minutes: 2.5,
      coverage_80: 1,
    });
  });

  it('has no origin without a week of history before it', () => {
    const result = backtestOutages({
      outages: [outage(0, 14, 30, 'reopened')],
      closingAt,
      since: FIRST,
      until: FIRST + 13 * DAY,
    });
    expect(result.origins).toBe(0);
    expect(result.from).toBeNull();
    expect(result.checkpoints.every((checkpoint) => checkpoint.outages_scored === 0)).toBe(true);
  });
});
