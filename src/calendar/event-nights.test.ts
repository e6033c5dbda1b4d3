import { describe, expect, it } from 'vitest';
import { dayNumberFromParts } from '../lib/day-numbers.js';
import { eventSeriesOf } from './event-nights.js';

const PARKS = [
  'magic-kingdom',
  'hollywood-studios',
  'disneyland',
  'california-adventure',
  'universal-studios-florida',
  'universal-studios-hollywood',
];

describe('the event-night calendar', () => {
  it("names each park's own series, and nothing at parks without ticketed events", () => {
    const first = dayNumberFromParts(2026, 1, 1);
    for (const parkKey of PARKS) {
      const held = Array.from({ length: 365 }, (_, i) => eventSeriesOf(parkKey, first + i)).filter(
        (series) => series !== null,
      );
      expect(held.length, parkKey).toBeGreaterThan(0);
      for (const series of held) expect(series.parkKey).toBe(parkKey);
    }
    for (let i = 0; i < 365; i++) expect(eventSeriesOf('epcot', first + i)).toBeNull();
  });

  it('holds the Christmas party on a December Friday and no party on Thanksgiving', () => {
    expect(eventSeriesOf('magic-kingdom', dayNumberFromParts(2026, 12, 4))?.id).toBe(
      'mickeys-very-merry-christmas-party',
    );
    expect(eventSeriesOf('magic-kingdom', dayNumberFromParts(2026, 11, 26))).toBeNull();
  });
});
