import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import { eventSeriesOf } from '../../calendar/event-nights.js';
import { schoolsInSession } from '../../calendar/school-breaks.js';
import type { ParkDaySchedule } from '../../feeds/types.js';
import { dayNumber } from '../../models/hourly-history.js';
import { parkCalendar, scheduleFacts } from './park-calendar.js';

const park = Catalog.load().park('magic-kingdom');
if (!park) throw new Error('Magic Kingdom expected in the catalog');

/** A window of the 2026-10-03 schedule from `from` to `to`, local hours (Orlando is UTC-4 then). */
const window = (type: ParkDaySchedule['windows'][number]['type'], from: number, to: number) => ({
  type,
  description: type,
  opens_at: Date.parse('2026-10-03T04:00:00Z') + from * 3_600_000,
  closes_at: Date.parse('2026-10-03T04:00:00Z') + to * 3_600_000,
});

describe("a park's calendar from its published schedule", () => {
  it('reads opening, closing past midnight, early entry and a ticketed event', () => {
    const facts = scheduleFacts(
      {
        park_id: park.id,
        date: '2026-10-03',
        windows: [
          window('EARLY_ENTRY', 8.5, 9),
          window('OPERATING', 9, 18),
          window('TICKETED_EVENT', 19, 24.5),
        ],
      },
      park,
    );
    expect(facts).toEqual({
      opens: 9,
      closes: 18,
      earlyEntry: true,
      extendedEvening: false,
      ticketedEvent: true,
    });
    expect(scheduleFacts({ park_id: park.id, date: '2026-10-03', windows: [] }, park)).toBeUndefined();
  });

  it('leaves what no schedule has said missing, and reads event nights and schools from the shared calendar', () => {
    const day = dayNumber('2026-10-03');
    const known = parkCalendar(
      park,
      new Map([
        [day, { opens: 9, closes: 23, earlyEntry: false, extendedEvening: true, ticketedEvent: false }],
      ]),
    );
    expect(known(day)).toMatchObject({
      opens: 9,
      closes: 23,
      earlyEntry: 0,
      extendedEvening: 1,
      eventNight: 0,
    });
    const later = known(day + 40);
    expect(Number.isNaN(later?.opens)).toBe(true);
    expect(Number.isNaN(later?.earlyEntry)).toBe(true);
    expect(later?.schoolsInSession).toBe(schoolsInSession(day + 40));
    expect(later?.eventNight).toBe(eventSeriesOf(park.key, day + 40) === null ? 0 : 1);
  });

  it('gives a park the feed discovered no school sessions or event nights but what its schedule says', () => {
    const discovered = { ...park, discovered: { source: 'themeparks-wiki', feed_id: 'x', removed: false } };
    const day = dayNumber('2026-10-03');
    const calendar = parkCalendar(
      discovered,
      new Map([
        [day, { opens: 9, closes: 23, earlyEntry: false, extendedEvening: false, ticketedEvent: true }],
      ]),
    );
    expect(calendar(day)).toMatchObject({ opens: 9, eventNight: 1 });
    expect(Number.isNaN(calendar(day)?.schoolsInSession)).toBe(true);
    const later = calendar(day + 40);
    expect(Number.isNaN(later?.schoolsInSession)).toBe(true);
    expect(Number.isNaN(later?.eventNight)).toBe(true);
  });
});
