import { describe, expect, it } from 'vitest';
import { estimateActualWait } from '../models/actual-wait.js';
import { fitActualWaits, type TimedWait } from '../models/actual-wait-fit.js';
import { HourlyHistoryBuilder, dayNumber } from '../models/hourly-history.js';
import {
  actualWaitWindow,
  backtestActualWaits,
  boundActualWaits,
  medianRatio,
  pooledActualWaits,
  scoreActualWaits,
} from './actual-waits.js';

const LAST = dayNumber('2019-12-28');
const WINDOW = actualWaitWindow(LAST);

/** Timed waits on each day from `from` to `to` at `ratio` of the posted wait, four a day. */
function waits(from: number, to: number, ratio: number): TimedWait[] {
  const list: TimedWait[] = [];
  for (let day = from; day <= to; day++) {
    for (const [posted, hour] of [
      [20, 9],
      [40, 12],
      [60, 15],
      [30, 19],
    ] as const) {
      list.push({ day, hour, posted, actual: Math.round(ratio * posted) });
    }
  }
  return list;
}

describe('the actual-wait backtest', () => {
  it('covers the 365 days before the last day and the day itself', () => {
    expect(WINDOW).toEqual({ from: LAST - 365, to: LAST });
  });

  it('fits on readings before the window only: the window may run at any other ratio', () => {
    const before = waits(WINDOW.from - 400, WINDOW.from - 1, 0.6);
    const inside = waits(WINDOW.from, WINDOW.to, 0.3);
    const [score] = scoreActualWaits(
      [{ attraction: 'ride', timedWaits: [...before, ...inside] }],
      WINDOW,
      () => 'family',
    );
    const fitted = fitActualWaits([{ attraction: 'ride', kind: 'family', waits: before }], WINDOW.from);
    const parameters = fitted.attractions.get('ride');
    if (!score || !parameters) throw new Error('nothing scored');
    const errors = inside.map((w) =>
      Math.abs(w.actual - estimateActualWait(parameters, w.posted, w.hour).minutes),
    );
    expect(score.readings_scored).toBe(inside.length);
    expect(score.mae_minutes).toBeCloseTo(errors.reduce((a, b) => a + b, 0) / errors.length, 2);
    // The fit believed 0.6: it misses by about 0.3 of the posted wait, as does the ratio before the window.
    expect(medianRatio([...before, ...inside], WINDOW.from)).toBeCloseTo(0.6, 2);
    expect(score.ratio_mae_minutes).toBeCloseTo(0.3 * 37.5, 0);
    expect(score.posted_mae_minutes).toBeCloseTo(0.7 * 37.5, 0);
    expect(score.mae_minutes).toBeGreaterThan(8);
  });

  it('scores an attraction whose readings continue as before close to them, and lists only attractions with readings in the window', () => {
    const steady = waits(WINDOW.from - 400, WINDOW.to, 0.6);
    const gone = waits(WINDOW.from - 400, WINDOW.from - 1, 0.6);
    const scores = scoreActualWaits(
      [
        { attraction: 'steady', timedWaits: steady },
        { attraction: 'gone', timedWaits: gone },
      ],
      WINDOW,
      () => 'thrill',
    );
    expect(scores.map((score) => score.attraction)).toEqual(['steady']);
    expect(scores[0]?.mae_minutes).toBeLessThan(1);
    expect(pooledActualWaits(scores).readings).toBe(scores[0]?.readings_scored);
  });

  it('ends the window at --until when given, else at the last recorded day, as the wait backtest does', () => {
    const timedWaits = waits(LAST - 900, LAST, 0.6);
    const history = [{ day: LAST - 900 }, { day: LAST }];
    const attraction = { attraction: 'ride', history, timedWaits };
    const inside = (to: number) => timedWaits.filter((w) => w.day >= to - 365 && w.day <= to).length;
    expect(backtestActualWaits([attraction])[0]?.readings_scored).toBe(inside(LAST));
    expect(backtestActualWaits([attraction], LAST - 200)[0]?.readings_scored).toBe(inside(LAST - 200));
    expect(backtestActualWaits([{ attraction: 'empty', history: [] }])).toEqual([]);
    // A window from the first recorded day: nothing before it to fit on, nothing scored.
    expect(backtestActualWaits([attraction], LAST - 900 + 365)).toEqual([]);
  });

  it("bounds it in hindsight: the day's crowd tells what the posted wait alone cannot", () => {
    // The sign says 40 every time; on busy days (the attraction posts 60 all day) the line takes
    // 36 minutes, on quiet ones (posting 20) 16: only the day's level tells them apart.
    const builder = new HourlyHistoryBuilder();
    const timedWaits: TimedWait[] = [];
    for (let day = WINDOW.from; day <= WINDOW.to; day++) {
      const busy = day % 2 === 0;
      for (let hour = 8; hour <= 21; hour++) builder.add(day, hour, busy ? 60 : 20);
      for (const hour of [10, 14, 18]) timedWaits.push({ day, hour, posted: 40, actual: busy ? 36 : 16 });
    }
    const [bound] = boundActualWaits([{ attraction: 'ride', timedWaits, history: builder.build() }], WINDOW);
    if (!bound) throw new Error('a bound expected');
    expect(bound.readings_scored).toBe(timedWaits.length);
    expect(bound.hindsight_ratio_mae_minutes).toBeGreaterThan(9);
    expect(bound.hindsight_fit_mae_minutes).toBeGreaterThan(9);
    expect(bound.hindsight_day_mae_minutes).toBeLessThan(1);
    expect(boundActualWaits([{ attraction: 'none', history: [] }], WINDOW)).toEqual([]);
  });
});
