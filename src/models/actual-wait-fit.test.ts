import { describe, expect, it } from 'vitest';
import { estimateActualWait } from './actual-wait.js';
import {
  fitActualWaitParameters,
  fitActualWaits,
  pairTimedWaits,
  type TimedWait,
  type WaitReading,
} from './actual-wait-fit.js';
import { dayNumber } from './hourly-history.js';

const DAY = dayNumber('2019-03-01');
/** A reading of DAY at a local clock time (`HH:MM`), or past midnight with `nextDay`. */
const at = (clock: string, minutes: number, nextDay = false): WaitReading => ({
  day: DAY,
  minute: (DAY + (nextDay ? 1 : 0)) * 1440 + Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)),
  minutes,
});

describe('pairing a timed wait with its posted wait', () => {
  const posted = [at('10:00', 30), at('10:15', 40), at('11:00', 50)];

  it('takes the latest posted reading at most 20 minutes before, the same moment included', () => {
    const pairs = pairTimedWaits(posted, [at('10:20', 25), at('10:15', 28), at('11:20', 33)]);
    expect(pairs.map((pair) => [pair.posted, pair.actual])).toEqual([
      [40, 28],
      [40, 25],
      [50, 33],
    ]);
  });

  it('leaves out a timed wait with no posted reading in the 20 minutes before it, never looking after it', () => {
    expect(pairTimedWaits(posted, [at('09:59', 20), at('10:36', 20), at('11:21', 20)])).toEqual([]);
  });

  it('leaves out a timed wait longer than any line runs (a recording slip)', () => {
    const pairs = pairTimedWaits(posted, [at('10:20', 361), at('10:20', 360), at('11:10', 90_387)]);
    expect(pairs.map((pair) => pair.actual)).toEqual([360]);
  });

  it('gives the hour of the park day, past 24 after midnight', () => {
    const [late] = pairTimedWaits([at('00:10', 20, true)], [at('00:30', 12, true)]);
    expect(late?.hour).toBeCloseTo(24.5, 6);
    expect(late?.day).toBe(DAY);
  });
});

/** Timed waits at 0.6 of (posted + 5), minus 5, with log errors of −0.1, 0 and +0.1 alike, over `days` days. */
function knownRatio(days: number, firstDay = DAY, ratio = 0.6): TimedWait[] {
  const waits: TimedWait[] = [];
  for (let day = firstDay; day < firstDay + days; day++) {
    for (const posted of [10, 25, 40, 60, 90]) {
      for (const [hour, error] of [
        [12, -0.1],
        [13, 0],
        [14, 0.1],
      ] as const) {
        waits.push({ day, hour, posted, actual: ratio * (posted + 5) * Math.exp(error) - 5 });
      }
    }
  }
  return waits;
}

describe('the fit', () => {
  it('recovers a known ratio, and an 80% range as wide as the errors', () => {
    const parameters = fitActualWaitParameters(knownRatio(60), DAY + 60);
    expect(parameters?.intercept).toBeCloseTo(Math.log(0.6), 2);
    expect(parameters?.slope).toBeCloseTo(1, 2);
    expect(parameters?.low).toBeCloseTo(-0.1, 2);
    expect(parameters?.high).toBeCloseTo(0.1, 2);
    if (!parameters) return;
    // 0.6 × (55 + 5) − 5 = 31, and 36 × e^±0.1 − 5 = 27.6 to 34.8: the whole minutes 28 to 34.
    expect(estimateActualWait(parameters, 55, 13)).toEqual({ minutes: 31, low: 28, high: 34 });
  });

  it('is not moved by a timed wait far above any posted one', () => {
    const clean = knownRatio(5);
    const outliers = [1, 2, 3].map((day) => ({ day: DAY + day, hour: 13, posted: 40, actual: 90_387 }));
    const a = fitActualWaitParameters(clean, DAY + 5);
    const b = fitActualWaitParameters([...clean, ...outliers], DAY + 5);
    expect(b?.intercept).toBeCloseTo(a?.intercept ?? Number.NaN, 2);
    expect(b?.slope).toBeCloseTo(a?.slope ?? Number.NaN, 2);
  });

  it('reads nothing from the fit day on (the time split)', () => {
    const before = knownRatio(60);
    const after = knownRatio(30, DAY + 60, 0.2);
    expect(fitActualWaitParameters([...before, ...after], DAY + 60)).toEqual(
      fitActualWaitParameters(before, DAY + 60),
    );
  });

  it('gives a ride with few readings its kind, and a kind without readings the fit over every ride', () => {
    const fitted = fitActualWaits(
      [
        { attraction: 'many', kind: 'family', waits: knownRatio(60) },
        { attraction: 'few', kind: 'family', waits: knownRatio(2, DAY, 0.3) },
      ],
      DAY + 60,
    );
    expect([...fitted.attractions.keys()]).toEqual(['many']);
    expect(fitted.kinds.headliner).toEqual(fitted.kinds.family);
    expect(fitted.kinds.thrill).toEqual(fitted.kinds.family);
  });
});
