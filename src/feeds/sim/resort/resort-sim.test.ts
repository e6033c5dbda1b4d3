import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../catalog/catalog.js';
import type { Resort } from '../../../catalog/types.js';
import { eventNightOf, eventNightsBetween } from '../event-nights.js';
import { dateStringOf, dayNumberOf, instantOfLocal } from '../local-time.js';
import { simulateBusPredictions, WDW_STOPS } from './buses.js';
import { simulateEventNights } from './event-sales.js';
import { hotelsOf, simulateHotelNights } from './hotels.js';
import { simulateParkAvailability } from './park-availability.js';
import { simulateTickets } from './tickets.js';
import { Simulator } from '../simulator.js';

const catalog = Catalog.load();
const resort = (key: string): Resort => {
  const found = catalog.resort(key);
  if (!found) throw new Error(key);
  return found;
};
const wdw = resort('walt-disney-world');
const SEED = 20260928;

const price = (key: string, date: string, ticketId: string) =>
  simulateTickets(resort(key), date).tickets.find((t) => t.ticket_id === ticketId)?.price.amount ??
  Number.NaN;

describe('simulated ticket prices', () => {
  it('cost more on a Saturday than the Tuesday of the same quiet week, and most after Christmas', () => {
    // 2027-01-19 is a Tuesday, 2027-01-23 the Saturday.
    expect(price('dlr', '2027-01-23', 'dlr-1-day-1-park')).toBeGreaterThan(
      price('dlr', '2027-01-19', 'dlr-1-day-1-park'),
    );
    expect(price('wdw', '2027-01-23', 'wdw-1-day-magic-kingdom')).toBeGreaterThan(
      price('wdw', '2027-01-19', 'wdw-1-day-magic-kingdom'),
    );
    expect(price('wdw', '2026-12-28', 'wdw-1-day-magic-kingdom')).toBe(199);
    expect(price('uor', '2026-12-28', 'uor-1-day-universal-studios-florida')).toBe(199);
    // California's seasons swing less (a local-heavy crowd), so its holiday week prices among the
    // year's dearest days rather than alone at the top.
    const year: number[] = [];
    for (let day = dayNumberOf('2026-11-21'); day < dayNumberOf('2027-11-21'); day += 1) {
      year.push(price('dlr', dateStringOf(day), 'dlr-1-day-1-park'));
    }
    year.sort((a, b) => a - b);
    const upperQuartile = year[Math.floor(year.length * 0.75)] ?? Number.NaN;
    expect(price('dlr', '2026-12-28', 'dlr-1-day-1-park')).toBeGreaterThanOrEqual(upperQuartile);
    expect(price('dlr', '2026-12-28', 'dlr-1-day-1-park')).toBeGreaterThan(
      price('dlr', '2027-01-19', 'dlr-1-day-1-park') + 40,
    );
  });

  it('stay within the real 2026 bands, with the per-day price falling as tickets get longer', () => {
    for (let day = dayNumberOf('2026-11-21'); day < dayNumberOf('2027-11-21'); day += 5) {
      const date = dateStringOf(day);
      const mk = price('wdw', date, 'wdw-1-day-magic-kingdom');
      expect(mk).toBeGreaterThanOrEqual(119);
      expect(mk).toBeLessThanOrEqual(199);
      const dl = price('dlr', date, 'dlr-1-day-1-park');
      expect(dl).toBeGreaterThanOrEqual(104);
      expect(dl).toBeLessThanOrEqual(206);
      for (const product of simulateTickets(resort('uor'), date).park_products.filter(
        (p) => p.product === 'express',
      )) {
        expect(product.price.amount).toBeGreaterThanOrEqual(90);
        expect(product.price.amount).toBeLessThanOrEqual(300);
      }
      expect(price('wdw', date, 'wdw-10-day') / 10).toBeLessThan(price('wdw', date, 'wdw-2-day') / 2);
    }
  });

  it('list the event night of the date as a special event, at the calendar price', () => {
    const night = eventNightOf('magic-kingdom', dayNumberOf('2026-12-04'));
    const listed = simulateTickets(wdw, '2026-12-04').tickets.filter((t) => t.category === 'special_event');
    expect(listed).toEqual([
      expect.objectContaining({
        ticket_id: night?.series.id,
        price: { amount: night?.lowestAdultPrice, currency: 'USD' },
      }),
    ]);
  });
});

describe('the event-night calendar', () => {
  const names = (parkKey: string, from: string, to: string) =>
    new Set(
      eventNightsBetween([parkKey], dayNumberOf(from), dayNumberOf(to)).map((n) => n.night.series.name),
    );

  it('runs the real series of each resort and season', () => {
    expect(names('universal-studios-hollywood', '2026-09-01', '2026-10-31')).toEqual(
      new Set(['Halloween Horror Nights']),
    );
    expect(names('universal-studios-florida', '2026-09-01', '2026-10-31')).toEqual(
      new Set(['Halloween Horror Nights']),
    );
    expect(names('magic-kingdom', '2026-08-10', '2026-10-31')).toEqual(
      new Set(["Mickey's Not-So-Scary Halloween Party"]),
    );
    expect(names('magic-kingdom', '2026-11-06', '2026-12-20')).toEqual(
      new Set(["Mickey's Very Merry Christmas Party"]),
    );
    expect(names('hollywood-studios', '2026-11-01', '2026-12-31')).toEqual(
      new Set(['Disney Jollywood Nights']),
    );
    expect(names('california-adventure', '2026-09-01', '2026-10-31')).toEqual(
      new Set(['Oogie Boogie Bash - A Disney Halloween Party']),
    );
    const afterDark = names('disneyland', '2027-01-01', '2027-12-31');
    for (const series of [
      "Disneyland After Dark: Sweethearts' Nite",
      'Disneyland After Dark: Star Wars Nite',
      'Disneyland After Dark: Pride Nite',
      "Disneyland After Dark: '90s Nite",
      "Disney's Merriest Nites",
    ]) {
      expect(afterDark).toContain(series);
    }
  });

  it('prices a Halloween Saturday above an early-September Thursday', () => {
    const early = eventNightOf('universal-studios-florida', dayNumberOf('2026-09-10'));
    const late = eventNightOf('universal-studios-florida', dayNumberOf('2026-10-31'));
    expect(late?.lowestAdultPrice ?? 0).toBeGreaterThan(early?.lowestAdultPrice ?? Infinity);
    expect(late?.sellOutDaysBefore).not.toBeNull();
  });

  it('closes the park early for day guests on an event night (one calendar for schedules and /events)', () => {
    const sim = new Simulator(catalog);
    const mk = catalog.park('magic-kingdom');
    if (!mk) throw new Error('mk');
    const schedule = sim.simulateSchedule(mk, '2026-12-04');
    const event = schedule.windows.find((w) => w.type === 'TICKETED_EVENT');
    const [offer] = simulateEventNights(wdw, '2026-12-04', '2026-12-04', Date.parse('2026-11-21T16:00:00Z'));
    expect(event?.description).toBe(offer?.series_name);
    expect(event?.opens_at).toBe(offer?.opens_at);
  });

  it('sells a wanted night out before it happens and reports it on sale until then', () => {
    const night = '2026-10-31';
    const before = simulateEventNights(
      wdw,
      night,
      night,
      instantOfLocal('America/New_York', '2026-06-01', '12:00'),
    );
    const after = simulateEventNights(
      wdw,
      night,
      night,
      instantOfLocal('America/New_York', '2026-10-30', '12:00'),
    );
    const early = simulateEventNights(
      wdw,
      night,
      night,
      instantOfLocal('America/New_York', '2026-03-01', '12:00'),
    );
    expect(before[0]?.status).toBe('on_sale');
    expect(after[0]?.status).toBe('sold_out');
    expect(early[0]?.status).toBe('not_on_sale');
  });
});

describe('simulated hotels', () => {
  it('list real hotels by tier and sell out more on peak nights', () => {
    expect(hotelsOf(wdw).map((h) => h.tier)).toEqual(
      expect.arrayContaining(['value', 'moderate', 'deluxe', 'villa']),
    );
    expect(hotelsOf(resort('uor')).map((h) => h.tier)).toEqual(
      expect.arrayContaining(['value', 'prime_value', 'preferred', 'premier']),
    );
    const soldOut = (date: string) =>
      simulateHotelNights(wdw, date, '2026-11-21', SEED).filter((h) => !h.available).length;
    const quiet = soldOut('2026-12-08');
    const peak = soldOut('2026-12-30');
    expect(peak).toBeGreaterThan(quiet);
    const rate = (date: string, id: string) =>
      simulateHotelNights(wdw, date, '2026-11-21', SEED).find((h) => h.hotel_id === id)?.lowest_rate
        ?.amount ?? Infinity;
    expect(rate('2026-12-08', 'pop-century')).toBeLessThan(rate('2026-12-08', 'caribbean-beach'));
    expect(rate('2026-12-08', 'caribbean-beach')).toBeLessThan(rate('2026-12-08', 'contemporary'));
  });
});

describe('simulated park availability', () => {
  it('never blocks the top pass out, blocks the cheapest on holidays, and fills closer to the date', () => {
    const statuses = (date: string, today: string, segment: string) =>
      simulateParkAvailability(wdw, date, today, SEED)
        .filter((a) => a.segment === segment)
        .map((a) => a.status);
    expect(statuses('2026-12-30', '2026-11-21', 'incredi-pass')).not.toContain('blocked_out');
    expect(statuses('2026-12-30', '2026-11-21', 'pixie-dust-pass')).toEqual(Array(4).fill('blocked_out'));
    const rank = { available: 0, limited: 1, unavailable: 2, blocked_out: 3 } as const;
    const level = (today: string) =>
      simulateParkAvailability(wdw, '2027-03-26', today, SEED)
        .filter((a) => a.segment === 'incredi-pass')
        .reduce((sum, a) => sum + rank[a.status], 0);
    expect(level('2027-03-20')).toBeGreaterThanOrEqual(level('2026-11-21'));
  });
});

describe('simulated Walt Disney World buses', () => {
  const sim = new Simulator(catalog);
  const schedule = {
    readSchedule: async (park: Parameters<Simulator['simulateSchedule']>[0], date: string) =>
      sim.simulateSchedule(park, date),
  };

  it('run to the parks at midday from every hotel, within the next hour', async () => {
    const at = Date.parse('2026-11-21T16:00:05Z');
    const departures = await simulateBusPredictions(wdw, at, SEED, schedule);
    const stopsWithParks = new Set(
      departures
        .filter((d) => ['magic-kingdom', 'animal-kingdom'].includes(d.destination_id))
        .map((d) => d.stop_id),
    );
    for (const stop of WDW_STOPS.filter((s) => s.kind === 'resort_hotel'))
      expect(
        stopsWithParks.has(stop.stop_id) ||
          [
            'contemporary',
            'polynesian-village',
            'grand-floridian',
            'wilderness-lodge',
            'fort-wilderness',
          ].includes(stop.stop_id),
      ).toBe(true);
    for (const d of departures) {
      expect(d.departs_at).toBeGreaterThanOrEqual(at);
      expect(d.departs_at - at).toBeLessThanOrEqual(3_600_000);
    }
  });

  it('run no park buses hours after the parks close', async () => {
    const at = instantOfLocal('America/New_York', '2026-11-17', '03:30');
    const departures = await simulateBusPredictions(wdw, at, SEED, schedule);
    const parks = new Set(['magic-kingdom', 'epcot', 'hollywood-studios', 'animal-kingdom']);
    expect(departures.filter((d) => parks.has(d.destination_id) || parks.has(d.stop_id))).toEqual([]);
  });

  it('serve no resort without a bus network', async () => {
    expect(
      await simulateBusPredictions(resort('uor'), Date.parse('2026-11-21T16:00:05Z'), SEED, schedule),
    ).toEqual([]);
  });
});
