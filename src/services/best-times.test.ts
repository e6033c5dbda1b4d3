import { describe, expect, it } from 'vitest';
import { waitWindows } from './best-times.js';

describe('best and worst windows', () => {
  it('picks the two-hour span with the lowest waits and the one with the highest', () => {
    const values = new Map([
      [9, 10],
      [10, 12],
      [11, 40],
      [12, 50],
      [13, 20],
      [14, 15],
    ]);
    const { best, worst } = waitWindows(values);
    expect(best[0]).toEqual({
      start: '09:00',
      end: '11:00',
      start_hour: 9,
      end_hour: 11,
      average_wait_minutes: 11,
    });
    expect(worst).toMatchObject({ start_hour: 11, end_hour: 13, average_wait_minutes: 45 });
  });

  it('adds a second best window that does not overlap the first when it is nearly as good', () => {
    const values = new Map([
      [9, 10],
      [10, 10],
      [11, 60],
      [12, 60],
      [13, 12],
      [14, 12],
    ]);
    const { best } = waitWindows(values);
    expect(best.map((w) => [w.start_hour, w.end_hour])).toEqual([
      [9, 11],
      [13, 15],
    ]);
  });

  it('never spans a gap in the open hours, and gives nothing for a closed day', () => {
    const { best } = waitWindows(
      new Map([
        [9, 5],
        [11, 5],
        [12, 30],
      ]),
    );
    expect(best[0]).toMatchObject({ start_hour: 11, end_hour: 13 });
    expect(waitWindows(new Map())).toEqual({ best: [], worst: undefined });
  });
});
