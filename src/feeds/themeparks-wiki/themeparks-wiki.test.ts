import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { ManualClock } from '../../lib/clock.js';
import { FakeUpstream, fixture } from '../../../test/support/fake-upstream.js';
import { UpstreamBackoffError, UpstreamClient } from '../http/upstream-client.js';
import { UpstreamError } from '../types.js';
import { ThemeParksWikiFeed } from './index.js';
import { forecastHours } from './parse.js';
import { parseUpstreamTime } from './time.js';

const catalog = Catalog.load();
const park = (key: string): Park => {
  const found = catalog.park(key);
  if (!found) throw new Error(key);
  return found;
};
const MK = park('magic-kingdom');
const USF = park('universal-studios-florida');
const EPCOT = park('epcot');
const AT = Date.parse('2026-10-03T15:03:00Z');

let upstream: FakeUpstream;
let clock: ManualClock;
let warnings: { details: Record<string, unknown>; message: string }[];

function feed(overrides: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) {
  const client = new UpstreamClient({
    feed: 'themeparks-wiki',
    label: 'ThemeParks.wiki',
    baseUrl: upstream.url,
    userAgent: 'queuecast-test (ops@example.com)',
    clock,
    timeoutMs: 500,
    backoffMs: 1,
    ...overrides,
  });
  return new ThemeParksWikiFeed({
    client,
    catalog,
    clock,
    logger: {
      warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
    },
  });
}

beforeEach(async () => {
  clock = new ManualClock(AT);
  warnings = [];
  upstream = new FakeUpstream();
  upstream
    .serveFixture(`/v1/entity/${MK.id}/live`, 'themeparkswiki-live.json')
    .serveFixture(`/v1/entity/${USF.id}/live`, 'themeparkswiki-live-universal.json')
    .serveFixture(`/v1/entity/${EPCOT.id}/live`, 'themeparkswiki-live-boarding-group.json')
    .serveFixture(`/v1/entity/${MK.id}/schedule`, 'themeparkswiki-schedule.json')
    .serveFixture(`/v1/entity/${USF.id}/schedule`, 'themeparkswiki-schedule-universal.json');
  await upstream.start();
});

afterEach(async () => {
  await upstream.stop();
});

describe('ThemeParks.wiki times', () => {
  it('reads UTC with and without milliseconds, park-local offsets and offsetless local times alike', () => {
    const zone = 'America/New_York';
    expect(parseUpstreamTime('2026-10-03T15:02:11Z', zone)).toBe(Date.parse('2026-10-03T15:02:11.000Z'));
    expect(parseUpstreamTime('2026-10-03T15:01:47.318Z', zone)).toBe(Date.parse('2026-10-03T15:01:47.318Z'));
    expect(parseUpstreamTime('2026-10-03T14:35:00-04:00', zone)).toBe(Date.parse('2026-10-03T18:35:00.000Z'));
    expect(parseUpstreamTime('2026-10-03T14:35:00', zone)).toBe(Date.parse('2026-10-03T18:35:00.000Z'));
    expect(parseUpstreamTime('not a time', zone)).toBeNull();
    expect(parseUpstreamTime(null, zone)).toBeNull();
  });
});

describe('ThemeParks.wiki live queues (Magic Kingdom fixture)', () => {
  it('maps standby, the multi pass, the priced single pass and every status', async () => {
    const reading = await feed().readLiveQueues(MK, AT);
    expect(reading.park_id).toBe(MK.id);
    // Freshness is when we read it, never the PARK row's stale lastUpdated (2024).
    expect(reading.observed_at).toBe(AT);
    const byId = new Map(reading.entries.map((e) => [e.ride_id, e]));

    const sdmt = byId.get('magic-kingdom_seven-dwarfs-mine-train');
    expect(sdmt).toMatchObject({
      status: 'OPERATING',
      standby_wait_minutes: 70,
      single_rider_wait_minutes: null,
    });
    expect(sdmt?.return_windows).toEqual([
      {
        type: 'single_pass',
        state: 'AVAILABLE',
        start: Date.parse('2026-10-03T18:35:00Z'),
        end: null,
        price: { amount: 13, currency: 'USD' },
      },
    ]);

    const space = byId.get('magic-kingdom_space-mountain');
    expect(space?.standby_wait_minutes).toBe(45);
    expect(space?.return_windows).toEqual([
      {
        type: 'multi_pass',
        state: 'AVAILABLE',
        start: Date.parse('2026-10-03T17:20:00Z'),
        end: null,
        price: null,
      },
    ]);

    const mansion = byId.get('magic-kingdom_haunted-mansion');
    expect(mansion).toMatchObject({ status: 'DOWN', standby_wait_minutes: null });
    expect(mansion?.return_windows[0]).toMatchObject({ type: 'multi_pass', state: 'FINISHED', start: null });

    const tron = byId.get('magic-kingdom_tron-lightcycle-run');
    expect(tron?.return_windows).toEqual([
      {
        type: 'single_pass',
        state: 'FINISHED',
        start: null,
        end: null,
        price: { amount: 21, currency: 'USD' },
      },
    ]);
    expect(byId.get('magic-kingdom_big-thunder-mountain-railroad')?.status).toBe('REFURBISHMENT');
    expect(byId.get('magic-kingdom_walt-disney-world-railroad')).toMatchObject({
      status: 'CLOSED',
      standby_wait_minutes: null,
    });
  });

  it('logs each entity it cannot place once, with what to add, and keeps going', async () => {
    const wiki = feed();
    await wiki.readLiveQueues(MK, AT);
    clock.advance(60_000);
    await wiki.readLiveQueues(MK, clock.now());
    const about = (name: string) => warnings.filter((w) => w.details.name === name);
    // The pianist is not in the catalog; the restaurant is not an attraction.
    expect(about("Casey's Corner Pianist")).toHaveLength(1);
    expect(about("Casey's Corner Pianist")[0]?.message).toMatch(/entity-ids\.ts/);
    expect(about("Casey's Corner Pianist")[0]?.details.entity_id).toBe(
      'a0613b70-293f-4a5b-8169-357be1777c62',
    );
    expect(about('Jungle Navigation Co. LTD Skipper Canteen')).toHaveLength(1);
    expect(warnings.some((w) => w.details.name === 'Magic Kingdom Park')).toBe(false);
  });

  it('shares one read per park per interval, whatever the number of callers', async () => {
    const wiki = feed();
    await Promise.all([
      wiki.readLiveQueues(MK, AT),
      wiki.readLiveQueues(MK, AT),
      wiki.readShowtimes(MK, '2026-10-03', AT),
    ]);
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(1);
    clock.advance(29_000);
    await wiki.readLiveQueues(MK, clock.now());
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(1);
    clock.advance(1_000);
    await wiki.readLiveQueues(MK, clock.now());
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(2);
    expect(upstream.requests[0]?.userAgent).toBe('queuecast-test (ops@example.com)');
  });
});

describe('ThemeParks.wiki live queues (Universal and boarding-group fixtures)', () => {
  it("strips trademark signs, reads Universal's DOWN as DOWN, null single rider as null", async () => {
    const reading = await feed().readLiveQueues(USF, AT);
    const byId = new Map(reading.entries.map((e) => [e.ride_id, e]));
    expect(byId.get('universal-studios-florida_revenge-of-the-mummy')).toMatchObject({
      status: 'OPERATING',
      standby_wait_minutes: 45,
      single_rider_wait_minutes: null,
      return_windows: [],
    });
    const gringotts = byId.get('universal-studios-florida_harry-potter-and-the-escape-from-gringotts');
    expect(gringotts?.return_windows).toEqual([
      {
        type: 'single_pass',
        state: 'AVAILABLE',
        start: Date.parse('2026-10-03T15:30:00Z'),
        end: Date.parse('2026-10-03T16:00:00Z'),
        price: { amount: 39.99, currency: 'USD' },
      },
    ]);
    expect(byId.get('universal-studios-florida_e-t-adventure')?.status).toBe('CLOSED');
    // Rip Ride Rockit closed for good; the catalog no longer lists it: logged, not a crash.
    expect(warnings.filter((w) => w.details.name === 'Hollywood Rip Ride Rockit™')).toHaveLength(1);
  });

  it("reads Universal's 995 as no wait, and a window past midnight as ending the next day", async () => {
    const payload = fixture('themeparkswiki-live-universal.json') as { liveData: Record<string, unknown>[] };
    const mummy = payload.liveData[0] as { queue: Record<string, unknown> };
    mummy.queue.STANDBY = { waitTime: 995 };
    const gringotts = payload.liveData[1] as { queue: Record<string, unknown> };
    gringotts.queue.PAID_RETURN_TIME = {
      state: 'AVAILABLE',
      returnStart: '2026-10-03T23:45:00',
      returnEnd: '2026-10-03T00:15:00',
      price: { amount: 1500, currency: 'USD' },
    };
    upstream.serve(`/v1/entity/${USF.id}/live`, { body: payload });
    const reading = await feed().readLiveQueues(USF, AT);
    const byId = new Map(reading.entries.map((e) => [e.ride_id, e]));
    expect(byId.get('universal-studios-florida_revenge-of-the-mummy')?.standby_wait_minutes).toBeNull();
    const window = byId.get('universal-studios-florida_harry-potter-and-the-escape-from-gringotts')
      ?.return_windows[0];
    expect(window?.start).toBe(Date.parse('2026-10-04T03:45:00Z'));
    expect(window?.end).toBe(Date.parse('2026-10-04T04:15:00Z'));
  });

  it('a boarding-group ride is listed operating with no standby wait and its paid window', async () => {
    const reading = await feed().readLiveQueues(EPCOT, AT);
    const guardians = reading.entries.find(
      (e) => e.ride_id === 'epcot_guardians-of-the-galaxy-cosmic-rewind',
    );
    expect(guardians).toMatchObject({ status: 'OPERATING', standby_wait_minutes: null });
    expect(guardians?.return_windows[0]).toMatchObject({
      type: 'single_pass',
      price: { amount: 18, currency: 'USD' },
    });
  });
});

describe('ThemeParks.wiki showtimes, schedule and prices', () => {
  it("serves today's showtimes from the live payload", async () => {
    const day = await feed().readShowtimes(USF, '2026-10-03', AT);
    expect(day.basis).toBe('published');
    expect(day.showtimes).toEqual([
      expect.objectContaining({
        show_id: 'universal-studios-florida_the-bourne-stuntacular',
        starts_at: Date.parse('2026-10-03T16:00:00Z'),
      }),
    ]);
    await expect(feed().readShowtimes(USF, '2026-10-05', AT)).rejects.toThrow(
      /for today \(2026-10-03\) only/,
    );
  });

  it('maps OPERATING, early entry and extended evening (sold as events), events past midnight, and skips INFO', async () => {
    const wiki = feed();
    const day = await wiki.readSchedule(MK, '2026-10-03');
    expect(
      day.windows.map((w) => [
        w.type,
        new Date(w.opens_at).toISOString(),
        new Date(w.closes_at).toISOString(),
      ]),
    ).toEqual([
      ['EARLY_ENTRY', '2026-10-03T12:30:00.000Z', '2026-10-03T13:00:00.000Z'],
      ['OPERATING', '2026-10-03T13:00:00.000Z', '2026-10-04T02:00:00.000Z'],
      ['EXTENDED_EVENING', '2026-10-04T02:00:00.000Z', '2026-10-04T04:00:00.000Z'],
    ]);
    const hopping = await wiki.readSchedule(MK, '2026-10-05');
    expect(hopping.windows.map((w) => w.type)).toEqual(['OPERATING']);
    const universal = await wiki.readSchedule(USF, '2026-10-03');
    expect(universal.windows.map((w) => [w.type, w.description])).toEqual([
      ['EARLY_ENTRY', 'Early Entry'],
      ['OPERATING', 'Park hours'],
      ['TICKETED_EVENT', 'Halloween Horror Nights'],
    ]);
    expect(universal.windows[2]?.closes_at).toBe(Date.parse('2026-10-04T06:00:00Z'));
    await expect(wiki.readSchedule(MK, '2026-11-30')).rejects.toThrow(/from 2026-10-03 to 2026-10-05/);
    // A past day the upstream no longer lists has no windows left (not an error).
    expect((await wiki.readSchedule(MK, '2026-10-02')).windows).toEqual([]);
    expect(upstream.count(`/v1/entity/${MK.id}/schedule`)).toBe(1);
  });

  it('reads a missing or empty schedule as unpublished (hours unknown), an outage as an error', async () => {
    // EPCOT has no schedule document here: the upstream answers 404.
    expect(await feed().readSchedule(EPCOT, '2026-10-03')).toEqual({
      park_id: EPCOT.id,
      date: '2026-10-03',
      windows: [],
      published: false,
    });
    expect(await feed().readPriorityPrices(EPCOT, '2026-10-03', AT)).toEqual([]);
    upstream.serve(`/v1/entity/${EPCOT.id}/schedule`, { body: { id: EPCOT.id, schedule: [] } });
    expect((await feed().readSchedule(EPCOT, '2026-10-03')).published).toBe(false);
    upstream.serve(`/v1/entity/${EPCOT.id}/schedule`, { status: 503, body: { message: 'down' } });
    await expect(feed({ retries: 0 }).readSchedule(EPCOT, '2026-10-03')).rejects.toThrow(/503/);
  });

  it('reads priority-lane prices from the schedule purchases, in dollars', async () => {
    const prices = await feed().readPriorityPrices(MK, '2026-10-03', AT);
    expect(prices).toEqual([
      {
        product: 'multi_pass',
        product_name: 'Lightning Lane Multi Pass',
        price: { amount: 37, currency: 'USD' },
        available: true,
        updated_at: AT,
      },
      {
        product: 'single_pass',
        product_name: 'Lightning Lane for Seven Dwarfs Mine Train',
        ride_id: 'magic-kingdom_seven-dwarfs-mine-train',
        price: { amount: 13, currency: 'USD' },
        available: true,
        updated_at: AT,
      },
      {
        product: 'single_pass',
        product_name: 'Lightning Lane for TRON Lightcycle / Run',
        ride_id: 'magic-kingdom_tron-lightcycle-run',
        price: { amount: 21, currency: 'USD' },
        available: false,
        updated_at: AT,
      },
      {
        product: 'premier_pass',
        product_name: 'Lightning Lane Premier Pass',
        price: { amount: 429, currency: 'USD' },
        available: true,
        updated_at: AT,
      },
    ]);
    expect(await feed().readPriorityPrices(MK, '2026-10-04', AT)).toEqual([]);
  });
});

describe('ThemeParks.wiki operator forecast', () => {
  const SDMT = 'magic-kingdom_seven-dwarfs-mine-train';
  const FIXTURE_HOURS = [
    { ride_id: SDMT, starts_at: Date.parse('2026-10-03T13:00:00.000Z'), wait_minutes: 45 },
    { ride_id: SDMT, starts_at: Date.parse('2026-10-03T14:00:00.000Z'), wait_minutes: 60 },
    { ride_id: SDMT, starts_at: Date.parse('2026-10-03T15:00:00.000Z'), wait_minutes: 75 },
  ];

  it("keeps the fixture's hourly forecast from the live read, park-local offsets in UTC, without a read of its own", async () => {
    const wiki = feed();
    await wiki.readLiveQueues(MK, AT);
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', AT)).toEqual(FIXTURE_HOURS);
    await Promise.all([1, 2, 3].map(() => wiki.readOperatorForecast(MK, '2026-10-03', AT + 20_000)));
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(1);
    // Another park-local date has none published.
    expect(await wiki.readOperatorForecast(MK, '2026-10-04', AT)).toEqual([]);
    // Universal publishes none.
    await wiki.readLiveQueues(USF, AT);
    expect(await wiki.readOperatorForecast(USF, '2026-10-03', AT)).toEqual([]);
  });

  it('on an instance that does not ingest (a follower), reads the live payload itself, once per live interval', async () => {
    const wiki = feed();
    const reads = () => upstream.count(`/v1/entity/${MK.id}/live`);
    const [first] = await Promise.all([1, 2, 3].map(() => wiki.readOperatorForecast(MK, '2026-10-03', AT)));
    expect(first).toEqual(FIXTURE_HOURS);
    expect(reads()).toBe(1);
    clock.advance(20_000);
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', clock.now())).toEqual(FIXTURE_HOURS);
    expect(reads()).toBe(1);
  });

  it('gives none once the last read is as old as the live freshness limit and a new one fails, and again after a fresh read', async () => {
    const wiki = feed();
    await wiki.readLiveQueues(MK, AT);
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', AT + 2 * 60_000 - 1)).toHaveLength(3);
    upstream.serve(`/v1/entity/${MK.id}/live`, { status: 502, body: 'bad gateway' });
    clock.advance(2 * 60_000);
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', clock.now())).toEqual([]);
    upstream.serveFixture(`/v1/entity/${MK.id}/live`, 'themeparkswiki-live.json');
    clock.advance(6_000);
    await wiki.readLiveQueues(MK, clock.now());
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', clock.now())).toEqual(FIXTURE_HOURS);
  });

  it.each([
    ['a 5xx', { status: 502, body: 'bad gateway' }],
    ['a malformed payload', { body: { id: MK.id } }],
  ])('gives none when the latest live read failed with %s', async (_name, answer) => {
    const wiki = feed();
    await wiki.readLiveQueues(MK, AT);
    upstream.serve(`/v1/entity/${MK.id}/live`, answer);
    clock.advance(31_000);
    await expect(wiki.readLiveQueues(MK, clock.now())).rejects.toBeInstanceOf(UpstreamError);
    expect(await wiki.readOperatorForecast(MK, '2026-10-03', clock.now())).toEqual([]);
  });

  it('reads UTC with and without milliseconds, offsets and local times; skips sentinels, gaps and repeats', () => {
    const hours = forecastHours(
      [
        { time: '2026-10-03T12:00:00-04:00', waitTime: 30 },
        { time: '2026-10-03T17:00:00Z', waitTime: 40.4 },
        { time: '2026-10-03T18:00:00.000Z', waitTime: 50 },
        { time: '2026-10-03T15:00:00', waitTime: 55 },
        { time: '2026-10-03T16:00:00-04:00', waitTime: 995 },
        { time: '2026-10-03T17:00:00-04:00', waitTime: null },
        { time: 'soon', waitTime: 20 },
        { time: '2026-10-03T16:00:00.000Z', waitTime: 99 },
        'not a row',
      ],
      SDMT,
      MK,
    );
    expect(hours).toEqual([
      { ride_id: SDMT, starts_at: Date.parse('2026-10-03T16:00:00.000Z'), wait_minutes: 30 },
      { ride_id: SDMT, starts_at: Date.parse('2026-10-03T17:00:00.000Z'), wait_minutes: 40 },
      { ride_id: SDMT, starts_at: Date.parse('2026-10-03T18:00:00.000Z'), wait_minutes: 50 },
      { ride_id: SDMT, starts_at: Date.parse('2026-10-03T19:00:00.000Z'), wait_minutes: 55 },
    ]);
    expect(forecastHours(undefined, SDMT, MK)).toEqual([]);
  });
});

describe('ThemeParks.wiki known traps (fixtures README)', () => {
  it('maps parks by their stable UUIDs: every catalog park is a ThemeParks.wiki park ID, whatever its external ID', () => {
    const payload = fixture('themeparkswiki-destinations.json') as {
      destinations: { externalId: string; parks: { id: string }[] }[];
    };
    const upstreamParkIds = new Set(payload.destinations.flatMap((d) => d.parks.map((p) => p.id)));
    expect(catalog.parks).toHaveLength(10);
    for (const catalogPark of catalog.parks)
      expect(upstreamParkIds, catalogPark.key).toContain(catalogPark.id);
    // Operator external IDs are not one scheme (Disney's numbers, Universal's names): never a key.
    expect(payload.destinations.map((d) => d.externalId)).toContain('universalresort_orlando');
  });

  it('matches an attraction by its entity UUID after the operator changed its external ID and name', async () => {
    const payload = fixture('themeparkswiki-live.json') as { liveData: Record<string, unknown>[] };
    const railroad = payload.liveData.find((row) => row.id === 'e40ac396-cbac-43f4-8752-764ed60ccceb');
    if (!railroad) throw new Error('fixture changed: no railroad row');
    railroad.externalId = '999999999;entityType=Attraction';
    railroad.name = 'WDW Railroad (renamed upstream)';
    railroad.status = 'OPERATING';
    railroad.queue = { STANDBY: { waitTime: 10 } };
    upstream.serve(`/v1/entity/${MK.id}/live`, { body: payload });
    const reading = await feed().readLiveQueues(MK, AT);
    expect(
      reading.entries.find((e) => e.ride_id === 'magic-kingdom_walt-disney-world-railroad'),
    ).toMatchObject({
      status: 'OPERATING',
      standby_wait_minutes: 10,
    });
    expect(warnings.some((w) => w.details.name === 'WDW Railroad (renamed upstream)')).toBe(false);
  });

  it('normalises UTC with and without milliseconds, park-local offsets and offsetless local times in one payload', async () => {
    const payload = fixture('themeparkswiki-live.json') as { liveData: Record<string, unknown>[] };
    const row = (name: string) => {
      const found = payload.liveData.find((r) => r.name === name);
      if (!found) throw new Error(`fixture changed: no ${name}`);
      return found as { queue: Record<string, unknown> };
    };
    row('Space Mountain').queue.RETURN_TIME = {
      state: 'AVAILABLE',
      returnStart: '2026-10-03T17:20:00Z',
      returnEnd: '2026-10-03T18:20:00.250Z',
    };
    row('Seven Dwarfs Mine Train').queue.PAID_RETURN_TIME = {
      state: 'AVAILABLE',
      returnStart: '2026-10-03T14:35:00',
      returnEnd: '2026-10-03T15:35:00-04:00',
      price: { amount: 1300, currency: 'USD' },
    };
    upstream.serve(`/v1/entity/${MK.id}/live`, { body: payload });
    const reading = await feed().readLiveQueues(MK, AT);
    const window = (rideId: string) => reading.entries.find((e) => e.ride_id === rideId)?.return_windows[0];
    expect(window('magic-kingdom_space-mountain')).toMatchObject({
      start: Date.parse('2026-10-03T17:20:00.000Z'),
      end: Date.parse('2026-10-03T18:20:00.250Z'),
    });
    expect(window('magic-kingdom_seven-dwarfs-mine-train')).toMatchObject({
      start: Date.parse('2026-10-03T18:35:00.000Z'),
      end: Date.parse('2026-10-03T19:35:00.000Z'),
    });
  });

  it("never takes freshness from the PARK row's stale lastUpdated, however old", async () => {
    const payload = fixture('themeparkswiki-live.json') as { liveData: Record<string, unknown>[] };
    const parkRow = payload.liveData.find((r) => r.entityType === 'PARK');
    expect(parkRow?.lastUpdated).toBe('2024-05-14T13:36:04Z');
    const wiki = feed();
    clock.advance(45_000);
    expect((await wiki.readLiveQueues(MK, clock.now())).observed_at).toBe(AT + 45_000);
  });

  it('reads 995 as no wait for single rider too, not only standby', async () => {
    const payload = fixture('themeparkswiki-live-universal.json') as { liveData: Record<string, unknown>[] };
    const mummy = payload.liveData[0] as { queue: Record<string, unknown> };
    mummy.queue.SINGLE_RIDER = { waitTime: 995 };
    upstream.serve(`/v1/entity/${USF.id}/live`, { body: payload });
    const reading = await feed().readLiveQueues(USF, AT);
    const entry = reading.entries.find((e) => e.ride_id === 'universal-studios-florida_revenge-of-the-mummy');
    expect(entry).toMatchObject({ status: 'OPERATING', standby_wait_minutes: 45 });
    expect(entry?.single_rider_wait_minutes).toBeNull();
  });
});

describe('ThemeParks.wiki failures', () => {
  it.each([
    ['a body that is not JSON', { body: '<html>maintenance</html>' }, /not JSON/],
    ['a body without liveData', { body: { id: MK.id, name: 'Magic Kingdom Park' } }, /malformed.*liveData/],
    ['another park', { body: { id: USF.id, liveData: [] } }, /malformed.*not the park/],
    ['a row without id', { body: { id: MK.id, liveData: [{ status: 'OPERATING' }] } }, /malformed/],
  ])('rejects %s with an UpstreamError naming the trouble', async (_name, answer, message) => {
    upstream.serve(`/v1/entity/${MK.id}/live`, answer);
    const error = await feed()
      .readLiveQueues(MK, AT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toMatch(message);
  });

  it('shows a ride with a status it does not know as closed, and logs the status once', async () => {
    const payload = fixture('themeparkswiki-live.json') as { liveData: Record<string, unknown>[] };
    const space = payload.liveData.find((row) => row.name === 'Space Mountain');
    if (space) space.status = 'DELAYED';
    upstream.serve(`/v1/entity/${MK.id}/live`, { body: payload });
    const wiki = feed();
    const reading = await wiki.readLiveQueues(MK, AT);
    expect(reading.entries.find((e) => e.ride_id === 'magic-kingdom_space-mountain')).toMatchObject({
      status: 'CLOSED',
      standby_wait_minutes: null,
    });
    clock.advance(60_000);
    await wiki.readLiveQueues(MK, clock.now());
    expect(warnings.filter((w) => w.details.status === 'DELAYED')).toHaveLength(1);
  });

  it('retries a 5xx with backoff, then succeeds', async () => {
    let calls = 0;
    upstream.serve(`/v1/entity/${MK.id}/live`, () =>
      ++calls < 3 ? { status: 502, body: 'bad gateway' } : { body: fixture('themeparkswiki-live.json') },
    );
    const reading = await feed().readLiveQueues(MK, AT);
    expect(reading.entries.length).toBeGreaterThan(0);
    expect(calls).toBe(3);
  });

  it('gives up after its retries on a 5xx and on a timeout', async () => {
    upstream.serve(`/v1/entity/${MK.id}/live`, { status: 503, body: 'down' });
    await expect(feed({ retries: 1 }).readLiveQueues(MK, AT)).rejects.toThrow(/answered 503/);
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(2);
    upstream.serve(`/v1/entity/${MK.id}/live`, { body: {}, delayMs: 2_000 });
    await expect(feed({ retries: 0, timeoutMs: 100 }).readLiveQueues(MK, AT)).rejects.toThrow(
      /did not answer within 100 ms/,
    );
  });

  it('honours a 429 and its Retry-After: upstream_limit, and nothing sent until it passes', async () => {
    upstream.serve(`/v1/entity/${MK.id}/live`, {
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '120' },
    });
    const wiki = feed();
    const first = await wiki.readLiveQueues(MK, AT).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(UpstreamBackoffError);
    expect(first).toMatchObject({ code: 'upstream_limit', retryAfterSeconds: 120 });
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(1);
    clock.advance(60_000);
    const second = await wiki.readLiveQueues(MK, clock.now()).catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'upstream_limit', retryAfterSeconds: 60 });
    expect(upstream.count(`/v1/entity/${MK.id}/live`)).toBe(1);
    upstream.serveFixture(`/v1/entity/${MK.id}/live`, 'themeparkswiki-live.json');
    clock.advance(60_000);
    await expect(wiki.readLiveQueues(MK, clock.now())).resolves.toBeDefined();
  });

  it('stops at its read budget with upstream_unavailable and a retry time', async () => {
    const wiki = feed({ budget: { reads: 2, windowMs: 60_000 } });
    await wiki.readLiveQueues(MK, AT);
    await wiki.readSchedule(MK, '2026-10-03');
    const error = await wiki.readLiveQueues(USF, AT).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'upstream_unavailable', retryAfterSeconds: 60 });
    expect(upstream.count(`/v1/entity/${USF.id}/live`)).toBe(0);
    clock.advance(60_000);
    await expect(wiki.readLiveQueues(USF, clock.now())).resolves.toBeDefined();
  });
});
