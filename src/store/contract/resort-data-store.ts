/**
 * The behaviour every ResortDataStore driver must show: each driver's test file calls
 * `describeResortDataStoreContract` with a function that opens fresh, empty stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventNightCheck, Stores } from '../ports.js';

const T0 = Date.parse('2026-11-01T14:00:00.000Z');
const DAY = 86_400_000;

function check(
  date: string,
  status: string,
  checkedAt: number,
  cents = 19_900,
  series = 'mvmcp',
): EventNightCheck {
  return {
    resort_key: 'walt-disney-world',
    park_key: 'magic-kingdom',
    date,
    series_id: series,
    series_name: "Mickey's Very Merry Christmas Party",
    opens_at: Date.parse(`${date}T00:00:00.000Z`),
    closes_at: Date.parse(`${date}T05:00:00.000Z`),
    status,
    currency: 'USD',
    lowest_adult_price_cents: cents,
    checked_at: checkedAt,
  };
}

export function describeResortDataStoreContract(name: string, open: () => Promise<Stores>): void {
  describe(`ResortDataStore contract: ${name}`, () => {
    let stores: Stores;

    beforeEach(async () => {
      stores = await open();
    });

    afterEach(async () => {
      await stores.close();
    });

    it('records a night once and returns it with its first check', async () => {
      await stores.resortData.recordEventNightChecks([check('2026-12-04', 'on_sale', T0)]);
      const [night, ...rest] = await stores.resortData.eventNights(
        'walt-disney-world',
        '2026-12-01',
        '2026-12-31',
      );
      expect(rest).toEqual([]);
      expect(night).toMatchObject({
        date: '2026-12-04',
        status: 'on_sale',
        lowest_adult_price_cents: 19_900,
        first_seen_at: T0,
        last_checked_at: T0,
        first_sold_out_at: null,
      });
    });

    it('keeps the first sell-out time: later checks, sold out or not, never move it', async () => {
      const night = '2026-12-04';
      await stores.resortData.recordEventNightChecks([check(night, 'on_sale', T0)]);
      await stores.resortData.recordEventNightChecks([check(night, 'sold_out', T0 + DAY)]);
      await stores.resortData.recordEventNightChecks([check(night, 'sold_out', T0 + 2 * DAY)]);
      await stores.resortData.recordEventNightChecks([check(night, 'on_sale', T0 + 3 * DAY)]);
      await stores.resortData.recordEventNightChecks([check(night, 'sold_out', T0 + 4 * DAY)]);
      const [recorded] = await stores.resortData.eventNights('walt-disney-world', night, night);
      expect(recorded).toMatchObject({
        status: 'sold_out',
        first_sold_out_at: T0 + DAY,
        first_seen_at: T0,
        last_checked_at: T0 + 4 * DAY,
      });
    });

    it('keeps the lowest adult price seen, and a late older check does not move the last check back', async () => {
      const night = '2026-12-11';
      await stores.resortData.recordEventNightChecks([check(night, 'on_sale', T0 + DAY, 21_900)]);
      await stores.resortData.recordEventNightChecks([check(night, 'on_sale', T0 + 2 * DAY, 19_900)]);
      await stores.resortData.recordEventNightChecks([check(night, 'on_sale', T0 + 3 * DAY, 22_900)]);
      await stores.resortData.recordEventNightChecks([check(night, 'sold_out', T0, 22_900)]);
      const [recorded] = await stores.resortData.eventNights('walt-disney-world', night, night);
      expect(recorded).toMatchObject({
        lowest_adult_price_cents: 19_900,
        last_checked_at: T0 + 3 * DAY,
        status: 'on_sale',
      });
    });

    it('lists only the resort and dates asked for, by date then park and series', async () => {
      await stores.resortData.recordEventNightChecks([
        check('2026-12-06', 'on_sale', T0, 19_900, 'b-series'),
        check('2026-12-06', 'on_sale', T0, 19_900, 'a-series'),
        check('2026-12-01', 'on_sale', T0),
        check('2027-01-10', 'on_sale', T0),
        { ...check('2026-12-02', 'on_sale', T0), resort_key: 'disneyland-resort', park_key: 'disneyland' },
      ]);
      const listed = await stores.resortData.eventNights('walt-disney-world', '2026-12-01', '2026-12-31');
      expect(listed.map((n) => `${n.date} ${n.series_id}`)).toEqual([
        '2026-12-01 mvmcp',
        '2026-12-06 a-series',
        '2026-12-06 b-series',
      ]);
    });

    it('records a large check in one call', async () => {
      const checks = Array.from({ length: 1200 }, (_, i) =>
        check(new Date(Date.parse('2026-12-01') + i * DAY).toISOString().slice(0, 10), 'on_sale', T0),
      );
      await stores.resortData.recordEventNightChecks(checks);
      expect(
        await stores.resortData.eventNights('walt-disney-world', '2026-01-01', '2031-01-01'),
      ).toHaveLength(1200);
    });
  });
}
