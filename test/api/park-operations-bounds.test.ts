/**
 * Every parameter bound of `/v1/parks/{park}/hours` (date today..+59, days 1..60),
 * `/v1/parks/{park}/showtimes` (date today..+6) and `/v1/parks/{park}/conditions` (no parameters),
 * at 03:00 UTC on 2026-11-22 when Orlando and Anaheim are still on 2026-11-21: "today" is the
 * park's date, not UTC's.
 */
import { describe, expect, it } from 'vitest';
import type { ParkConditionsResponse } from '../../src/api/routes/parks/get-conditions.js';
import type { ParkHoursResponse } from '../../src/api/routes/parks/get-hours.js';
import type { ParkShowtimesResponse } from '../../src/api/routes/parks/list-showtimes.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';
import { useServer } from '../support/suite.js';

const ctx = useServer({ clock: new ManualClock(Date.parse('2026-11-22T03:00:00Z')) });

async function ok<T extends object>(path: string, maxAge: number, park = 'magic-kingdom') {
  const received = await receive<T>(await ctx.server.get(path));
  expectSuccess(received, ctx.contract, path, { maxAge, attributionUrl: `${SITE_URL}/parks/${park}` });
  return received.body;
}

async function refused(path: string, message: RegExp) {
  const received = await receive(await ctx.server.get(path));
  expectError(received, ctx.contract, path, { status: 400, code: 'invalid_request', message });
}

describe('GET /v1/parks/{park}/hours bounds', () => {
  it("defaults to one day, today in the park's zone while UTC is already on the next day", async () => {
    for (const [park, key] of [
      ['mk', 'magic-kingdom'],
      ['disneyland', 'disneyland'],
    ] as const) {
      const body = await ok<ParkHoursResponse>(`/v1/parks/${park}/hours`, 300, key);
      expect(body.date).toBe('2026-11-21');
      expect(body.days.map((d) => d.date)).toEqual(['2026-11-21']);
    }
  });

  it('accepts today and 59 days ahead, and 1 to 60 days', async () => {
    expect((await ok<ParkHoursResponse>('/v1/parks/mk/hours?date=2026-11-21', 300)).date).toBe('2026-11-21');
    const last = await ok<ParkHoursResponse>('/v1/parks/mk/hours?date=2027-01-19', 300);
    expect(last.days.map((d) => d.date)).toEqual(['2027-01-19']);
    expect((await ok<ParkHoursResponse>('/v1/parks/mk/hours?days=1', 300)).days).toHaveLength(1);
    const sixty = await ok<ParkHoursResponse>('/v1/parks/mk/hours?days=60', 300);
    expect(sixty.days).toHaveLength(60);
    expect(sixty.days.at(-1)?.date).toBe('2027-01-19');
  });

  it('refuses a date before today or past 59 days ahead, naming the window', async () => {
    const window = /from 2026-11-21 \(today in America\/New_York\) to 2027-01-19 \(59 days ahead\)/;
    await refused('/v1/parks/mk/hours?date=2026-11-20', window);
    await refused('/v1/parks/mk/hours?date=2027-01-20', window);
    await refused('/v1/parks/mk/hours?date=2026-11-31', /not a date YYYY-MM-DD/);
  });

  it('refuses 0 and 61 days, naming 1 to 60', async () => {
    await refused('/v1/parks/mk/hours?days=0', /an integer from 1 to 60/);
    await refused('/v1/parks/mk/hours?days=61', /an integer from 1 to 60/);
    await refused('/v1/parks/mk/hours?days=7.0', /an integer from 1 to 60/);
  });
});

describe('GET /v1/parks/{park}/showtimes bounds', () => {
  it("defaults to today in the park's zone, published", async () => {
    const body = await ok<ParkShowtimesResponse>('/v1/parks/mk/showtimes', 300);
    expect(body).toMatchObject({ date: '2026-11-21', data_status: 'published' });
    expect(body.showtimes.length).toBeGreaterThan(0);
    const starts = body.showtimes.map((s) => s.start_at);
    expect(starts).toEqual([...starts].sort());
  });

  it('accepts 6 days ahead, where the times are planned, not published', async () => {
    const body = await ok<ParkShowtimesResponse>(
      '/v1/parks/dhs/showtimes?date=2026-11-27',
      300,
      'hollywood-studios',
    );
    expect(body).toMatchObject({ date: '2026-11-27', data_status: 'planned' });
    expect(body.note).toMatch(/publishes this date's times on the day/);
    expect(
      body.showtimes.some((s) => s.name === 'Fantasmic!' && s.ride_id === 'hollywood-studios_fantasmic'),
    ).toBe(true);
  });

  it('refuses a date before today or past 6 days ahead, naming the window', async () => {
    const window = /from 2026-11-21 \(today in America\/Los_Angeles\) to 2026-11-27 \(6 days ahead\)/;
    await refused('/v1/parks/disneyland/showtimes?date=2026-11-20', window);
    await refused('/v1/parks/disneyland/showtimes?date=2026-11-28', window);
    await refused('/v1/parks/disneyland/showtimes?date=21-11-2026', /not a date YYYY-MM-DD/);
  });
});

describe('GET /v1/parks/{park}/conditions', () => {
  it('takes no parameters and answers for the park now', async () => {
    const body = await ok<ParkConditionsResponse>('/v1/parks/epcot/conditions', 60, 'epcot');
    expect(body.park_key).toBe('epcot');
    expect(body.ride_counts.live_data_status).toBe('live');
  });
});
