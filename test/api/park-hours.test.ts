/**
 * `/v1/parks/{park}/hours`: the schedule it shows is the one that opens and closes the park in
 * `/waits` and in the streams' `park` messages, checked with the injected clock at each window's
 * opening and closing on a Magic Kingdom party night (early entry, day hours, a gap, the party).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkHoursResponse } from '../../src/api/routes/parks/get-hours.js';
import type { ParkWaitsResponse } from '../../src/api/routes/parks/get-waits.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { LiveEvent } from '../../src/live/events.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const MINUTE = 60_000;
// 06:00 in Orlando on Tuesday 2026-11-24, a Mickey's Very Merry Christmas Party night.
const clock = new ManualClock(Date.parse('2026-11-24T11:00:00Z'));
let server: TestServer;
let contract: OpenApiContract;
const parkEvents: LiveEvent[] = [];

beforeAll(async () => {
  server = await startServer({ clock });
  contract = await OpenApiContract.fetch(server.url);
  server.app.bus.subscribe((event) => {
    if (event.type === 'park' && event.park_key === 'magic-kingdom') parkEvents.push(event);
  });
});
afterAll(() => server.close());

async function parkStatus(): Promise<string | null> {
  const received = await receive<ParkWaitsResponse>(await server.get('/v1/parks/magic-kingdom/waits'));
  expect(received.status).toBe(200);
  return received.body.park_status;
}

describe('GET /v1/parks/{park}/hours', () => {
  it("names the resort's windows: Early Theme Park Entry, day hours and the party", async () => {
    const path = '/v1/parks/mk/hours';
    const received = await receive<ParkHoursResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    expect(received.body.date).toBe('2026-11-24');
    const [day] = received.body.days;
    expect(day?.status).toBe('open');
    const types = day?.windows.map((w) => w.type);
    expect(types).toEqual(['early_entry', 'operating', 'ticketed_event']);
    expect(day?.windows[0]?.name).toMatch(/^Early Theme Park Entry/);
    expect(day?.windows[2]).toMatchObject({
      name: "Mickey's Very Merry Christmas Party",
      ticket_required: true,
      local_open: '19:00',
      local_close: '00:00',
    });
    expect(day?.opens_at).toBe(day?.windows[1]?.opens_at);
  });

  it('agrees with /waits and the park messages at every opening and closing of the day', async () => {
    const received = await receive<ParkHoursResponse>(await server.get('/v1/parks/mk/hours'));
    const windows = received.body.days[0]?.windows ?? [];
    const spans = windows.map((w) => ({ start: Date.parse(w.opens_at), end: Date.parse(w.closes_at) }));
    const inSchedule = (at: number) => spans.some((s) => s.start <= at && at < s.end);
    const boundaries = [...new Set(spans.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
    expect(boundaries.length).toBeGreaterThanOrEqual(4);

    let expectedOpen = false;
    for (const boundary of boundaries) {
      for (const at of [boundary - MINUTE, boundary]) {
        clock.set(at);
        parkEvents.length = 0;
        await server.app.ingest.refreshAll();
        const open = inSchedule(at);
        expect(await parkStatus(), new Date(at).toISOString()).toBe(open ? 'open' : 'closed');
        if (open !== expectedOpen) {
          expect(parkEvents).toEqual([
            { type: 'park', park_key: 'magic-kingdom', at, state: open ? 'open' : 'closed' },
          ]);
          expectedOpen = open;
        } else {
          expect(parkEvents).toEqual([]);
        }
      }
    }
    // The party gap: day guests leave at 18:00 and the party opens at 19:00.
    expect(boundaries.length).toBeGreaterThanOrEqual(5);
  });
});
