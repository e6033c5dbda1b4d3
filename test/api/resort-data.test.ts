/**
 * The resort-data endpoints (`/v1/resorts/{resort}/tickets`, `/park-availability`,
 * `/hotel-availability`, `/events`, `/buses/stops`, `/buses`) through the real server: every
 * parameter bound of the spec's parameter table (default, each boundary, one past each with the
 * accepted range in the message), bus stops by ID and by name, and the resorts without buses. Today is 2026-11-21 in both resort time zones.
 */
import { describe, expect, it } from 'vitest';
import type { BusDeparturesResponse } from '../../src/api/routes/resorts/list-bus-departures.js';
import type { BusStopsResponse } from '../../src/api/routes/resorts/list-bus-stops.js';
import type { HotelAvailabilityResponse } from '../../src/api/routes/resorts/get-hotel-availability.js';
import type { ParkAvailabilityResponse } from '../../src/api/routes/resorts/get-park-availability.js';
import type { ResortEventsResponse } from '../../src/api/routes/resorts/list-events.js';
import type { ResortTicketsResponse } from '../../src/api/routes/resorts/get-tickets.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';
import { useServer } from '../support/suite.js';

const NOW = Date.parse('2026-11-21T16:00:05Z');
const ctx = useServer({ clock: new ManualClock(NOW), env: { TRUST_PROXY: 'loopback' } });

let addresses = 0;
async function call<Body extends object>(path: string) {
  addresses += 1;
  const headers = { 'x-forwarded-for': `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` };
  return receive<Body>(await ctx.server.get(path, { headers }));
}

async function ok<Body extends object>(path: string, maxAge: number): Promise<Body> {
  const received = await call<Body>(path);
  expectSuccess(received, ctx.contract, path, { maxAge, attributionUrl: `${SITE_URL}/` });
  return received.body;
}

async function refused(path: string, message: RegExp, status = 400): Promise<void> {
  const received = await call(path);
  expectError(received, ctx.contract, path, {
    status,
    code: status === 400 ? 'invalid_request' : 'not_found',
    message,
  });
}

describe('GET /v1/resorts/{resort}/tickets (date: today through 365 days ahead)', () => {
  const base = '/v1/resorts/walt-disney-world/tickets';

  it('defaults to today and lists base, hopper, multi-day 2-10 and per-park products, in USD', async () => {
    const body = await ok<ResortTicketsResponse>(base, 300);
    expect(body).toMatchObject({ date: '2026-11-21', currency: 'USD', data_status: 'available' });
    expect(body.checked_at).toBe(new Date(NOW).toISOString());
    const multiDays = body.tickets.filter((t) => t.category === 'multi_day').map((t) => t.days);
    expect(multiDays).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.tickets.some((t) => t.category === 'park_hopper')).toBe(true);
    expect(body.park_products.map((p) => p.park_key)).toEqual([
      'magic-kingdom',
      'epcot',
      'hollywood-studios',
      'animal-kingdom',
    ]);
    for (const ticket of body.tickets.filter((t) => t.category === 'base')) {
      expect(ticket.price).toBeGreaterThanOrEqual(119);
      expect(ticket.price).toBeLessThanOrEqual(199);
    }
  });

  it('accepts both ends of the window and refuses one day past each, naming the window', async () => {
    expect((await ok<ResortTicketsResponse>(`${base}?date=2026-11-21`, 300)).date).toBe('2026-11-21');
    expect((await ok<ResortTicketsResponse>(`${base}?date=2027-11-21`, 300)).tickets.length).toBeGreaterThan(
      0,
    );
    const range = /from 2026-11-21 .*to 2027-11-21 \(365 days ahead\)/;
    await refused(`${base}?date=2026-11-20`, range);
    await refused(`${base}?date=2027-11-22`, range);
    await refused(`${base}?date=2026-13-01`, /YYYY-MM-DD/);
  });

  it('prices Christmas week above an early-December weekday, and sells Universal Express', async () => {
    const quiet = await ok<ResortTicketsResponse>(`${base}?date=2026-12-08`, 300);
    const peak = await ok<ResortTicketsResponse>(`${base}?date=2026-12-29`, 300);
    const oneDay = (body: ResortTicketsResponse) =>
      body.tickets.find((t) => t.ticket_id === 'wdw-1-day-magic-kingdom')?.price ?? 0;
    expect(oneDay(peak)).toBeGreaterThan(oneDay(quiet));
    const universal = await ok<ResortTicketsResponse>('/v1/resorts/uor/tickets?date=2026-12-08', 300);
    expect(universal.park_products.filter((p) => p.product === 'express')).toHaveLength(3);
  });

  it('answers 404 for an unknown resort, pointing at /v1/resorts', async () => {
    await refused('/v1/resorts/atlantis/tickets', /\/v1\/resorts/, 404);
  });
});

describe('GET /v1/resorts/{resort}/park-availability (date: today..+399; days 1..31, default 7)', () => {
  const base = '/v1/resorts/walt-disney-world/park-availability';

  it('defaults to 7 dates from today, every park and segment', async () => {
    const body = await ok<ParkAvailabilityResponse>(base, 300);
    expect(body).toMatchObject({ date: '2026-11-21', days: 7, data_status: 'available' });
    expect(body.dates.map((d) => d.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(body.segments.map((s) => s.segment)).toEqual([
      'broad',
      'incredi-pass',
      'sorcerer-pass',
      'pirate-pass',
      'pixie-dust-pass',
    ]);
    for (const day of body.dates) {
      expect(day.parks).toHaveLength(4);
      for (const park of day.parks) expect(park.segments).toHaveLength(5);
    }
  });

  it('accepts the last date with 31 days, and refuses one past each bound', async () => {
    const last = await ok<ParkAvailabilityResponse>(`${base}?date=2027-12-25&days=31`, 300);
    expect(last.dates).toHaveLength(31);
    expect(last.dates.at(-1)?.date).toBe('2028-01-24');
    expect((await ok<ParkAvailabilityResponse>(`${base}?days=1`, 300)).dates).toHaveLength(1);
    await refused(`${base}?date=2027-12-26`, /to 2027-12-25 \(399 days ahead\)/);
    await refused(`${base}?date=2026-11-20`, /from 2026-11-21/);
    await refused(`${base}?days=32`, /an integer from 1 to 31/);
    await refused(`${base}?days=0`, /an integer from 1 to 31/);
  });

  it('blocks the Pixie Dust Pass out on Christmas week but never the Incredi-Pass', async () => {
    const body = await ok<ParkAvailabilityResponse>(`${base}?date=2026-12-26&days=3`, 300);
    for (const day of body.dates) {
      for (const park of day.parks) {
        const status = (segment: string) => park.segments.find((s) => s.segment === segment)?.status;
        expect(status('pixie-dust-pass')).toBe('blocked_out');
        expect(status('incredi-pass')).not.toBe('blocked_out');
      }
    }
  });
});

describe('GET /v1/resorts/{resort}/hotel-availability (date: tonight..+119; days 1..14, default 7)', () => {
  const base = '/v1/resorts/walt-disney-world/hotel-availability';

  it('defaults to 7 nights from tonight, each with sold-out count, median rate and every hotel', async () => {
    const body = await ok<HotelAvailabilityResponse>(base, 300);
    expect(body).toMatchObject({ date: '2026-11-21', days: 7, currency: 'USD', data_status: 'available' });
    expect(body.nights).toHaveLength(7);
    expect(body.hotels.map((h) => h.name)).toContain("Disney's Pop Century Resort");
    for (const night of body.nights) {
      expect(night.hotels).toHaveLength(body.hotels.length);
      expect(night.hotels_sold_out).toBe(night.hotels.filter((h) => !h.available).length);
      const rates = night.hotels
        .flatMap((h) => (h.lowest_rate === null ? [] : [h.lowest_rate]))
        .sort((a, b) => a - b);
      const middle = Math.floor(rates.length / 2);
      const median =
        rates.length % 2 === 1 ? rates[middle] : ((rates[middle - 1] ?? 0) + (rates[middle] ?? 0)) / 2;
      expect(night.median_rate).toBeCloseTo(median ?? 0, 2);
    }
  });

  it('accepts the last night with 14 nights, and refuses one past each bound', async () => {
    const body = await ok<HotelAvailabilityResponse>(`${base}?date=2027-03-20&days=14`, 300);
    expect(body.nights.map((n) => n.date).at(-1)).toBe('2027-04-02');
    await refused(`${base}?date=2027-03-21`, /to 2027-03-20 \(119 days ahead\)/);
    await refused(`${base}?date=2026-11-20`, /from 2026-11-21/);
    await refused(`${base}?days=15`, /an integer from 1 to 14/);
    await refused(`${base}?days=0`, /an integer from 1 to 14/);
  });

  it('costs more and sells out more after Christmas than in early December', async () => {
    const quiet = await ok<HotelAvailabilityResponse>(`${base}?date=2026-12-07&days=3`, 300);
    const peak = await ok<HotelAvailabilityResponse>(`${base}?date=2026-12-27&days=3`, 300);
    const soldOut = (body: HotelAvailabilityResponse) =>
      body.nights.reduce((n, night) => n + night.hotels_sold_out, 0);
    expect(soldOut(peak)).toBeGreaterThan(soldOut(quiet));
    // The median moves with which hotels are left; a hotel open on both nights shows the rise.
    const rate = (body: HotelAvailabilityResponse) =>
      body.nights[0]?.hotels.find((h) => h.hotel_id === 'all-star-sports')?.lowest_rate ?? Number.NaN;
    expect(rate(peak)).toBeGreaterThan(rate(quiet));
  });
});

describe('GET /v1/resorts/{resort}/events (from: today..+365; to: from..from+59, default from+29)', () => {
  const base = '/v1/resorts/walt-disney-world/events';

  it('defaults to today through 29 days later, listing the Christmas party nights', async () => {
    const body = await ok<ResortEventsResponse>(base, 300);
    expect(body).toMatchObject({ from: '2026-11-21', to: '2026-12-20', data_status: 'available' });
    const names = new Set(body.events.map((e) => e.name));
    expect(names).toContain("Mickey's Very Merry Christmas Party");
    for (const night of body.events) {
      expect(['on_sale', 'sold_out', 'not_on_sale']).toContain(night.status);
      expect(night.date >= body.from && night.date <= body.to).toBe(true);
      if (night.status === 'sold_out') expect(night.first_sold_out_at).not.toBeNull();
    }
  });

  it('accepts from at +365 and to at from+59; refuses one past each, and to before from says so', async () => {
    expect((await ok<ResortEventsResponse>(`${base}?from=2027-11-21`, 300)).to).toBe('2027-12-20');
    expect((await ok<ResortEventsResponse>(`${base}?from=2026-12-01&to=2027-01-29`, 300)).to).toBe(
      '2027-01-29',
    );
    expect((await ok<ResortEventsResponse>(`${base}?from=2026-12-01&to=2026-12-01`, 300)).to).toBe(
      '2026-12-01',
    );
    await refused(
      `${base}?from=2027-11-22`,
      /from must be a date YYYY-MM-DD from 2026-11-21 .*to 2027-11-21/,
    );
    await refused(`${base}?from=2026-11-20`, /from 2026-11-21/);
    await refused(`${base}?from=2026-12-01&to=2027-01-30`, /to 2027-01-29 \(59 days after from\)/);
    await refused(`${base}?from=2026-12-01&to=2026-11-30`, /before from \(2026-12-01\)/);
  });

  it('lists Halloween Horror Nights at both Universal resorts', async () => {
    for (const resort of ['universal-orlando', 'universal-hollywood']) {
      const body = await ok<ResortEventsResponse>(
        `/v1/resorts/${resort}/events?from=2027-09-20&to=2027-10-31`,
        300,
      );
      expect(body.events.filter((e) => e.name === 'Halloween Horror Nights').length).toBeGreaterThan(15);
    }
  });
});

describe('GET /v1/resorts/{resort}/buses/stops and /buses?stop=', () => {
  it('lists the stops with departures now and the places each serves', async () => {
    const body = await ok<BusStopsResponse>('/v1/resorts/walt-disney-world/buses/stops', 60);
    expect(body.data_status).toBe('available');
    const pop = body.stops.find((s) => s.stop_id === 'pop-century');
    expect(pop?.serves.map((p) => p.stop_id).sort()).toEqual([
      'animal-kingdom',
      'disney-springs',
      'magic-kingdom',
    ]);
    expect(body.stops.map((s) => s.kind)).toContain('park');
  });

  it('finds a stop by ID and by name, case-insensitively, with the same departures', async () => {
    const byId = await ok<BusDeparturesResponse>('/v1/resorts/walt-disney-world/buses?stop=pop-century', 30);
    expect(byId.stop).toEqual({
      stop_id: 'pop-century',
      name: "Disney's Pop Century Resort",
      kind: 'resort_hotel',
    });
    expect(byId.departures.length).toBeGreaterThan(0);
    for (const name of ["Disney's%20Pop%20Century%20Resort", 'POP%20CENTURY', 'pop%20century%20resort']) {
      const byName = await ok<BusDeparturesResponse>(`/v1/resorts/wdw/buses?stop=${name}`, 30);
      expect(byName.stop.stop_id).toBe('pop-century');
      expect(byName.departures).toEqual(byId.departures);
    }
    const villas = await ok<BusDeparturesResponse>('/v1/resorts/wdw/buses?stop=bay%20lake%20tower', 30);
    expect(villas.stop.stop_id).toBe('contemporary');
    let previous = '';
    for (const departure of byId.departures) {
      expect(departure.departs_at >= previous).toBe(true);
      previous = departure.departs_at;
      expect(Date.parse(departure.departs_at)).toBeGreaterThanOrEqual(NOW);
    }
  });

  it('answers an unknown stop with 404 saying where stops are listed, and a missing stop with 400', async () => {
    await refused(
      '/v1/resorts/wdw/buses?stop=atlantis',
      /\/v1\/resorts\/walt-disney-world\/buses\/stops/,
      404,
    );
    await refused('/v1/resorts/wdw/buses', /"stop": it is required/);
  });

  it('answers 404 for the resorts without buses, naming the one that has them', async () => {
    await refused('/v1/resorts/universal-orlando/buses/stops', /Walt Disney World Resort/, 404);
    await refused('/v1/resorts/dlr/buses?stop=disneyland-hotel', /Walt Disney World Resort/, 404);
  });
});
