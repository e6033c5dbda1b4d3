import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { loadCatalogData } from '../catalog/load.js';
import { mergeDiscovered } from '../catalog/merge.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { UpstreamError } from '../feeds/types.js';
import { ResortIngest } from '../ingest/resort-ingest.js';
import { ManualClock } from '../lib/clock.js';
import { ResortState } from '../live/resort-state.js';
import type { Stores } from '../store/ports.js';
import { openInMemorySqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { ResortDataService, stopNameKey } from './resort-data.js';

const catalog = Catalog.load();
const wdw = catalog.resort('wdw');
if (!wdw) throw new Error('wdw');
const HOUR = 3_600_000;

describe('stopNameKey', () => {
  it('reduces the ways guests write a place to one key', () => {
    for (const name of [
      "Disney's Pop Century Resort",
      'DISNEY’S POP CENTURY RESORT',
      'pop century',
      'pop-century',
    ]) {
      expect(stopNameKey(name)).toBe('pop-century');
    }
    expect(stopNameKey("Disney's Grand Floridian Resort & Spa")).toBe('grand-floridian');
    expect(stopNameKey('Magic Kingdom Park')).toBe('magic-kingdom');
  });
});

describe('ResortDataService over ResortIngest', () => {
  let stores: Stores;
  let clock: ManualClock;
  let failing: boolean;
  let ingest: ResortIngest;
  let service: ResortDataService;

  beforeEach(async () => {
    stores = await openInMemorySqliteStores();
    clock = new ManualClock(Date.parse('2026-11-21T16:00:05Z'));
    failing = false;
    const sim = createSimulatedFeeds(catalog);
    const feeds = {
      ...sim,
      tickets: {
        readTickets: async (...args: Parameters<typeof sim.tickets.readTickets>) => {
          if (failing) throw new UpstreamError('sim', 'injected');
          return sim.tickets.readTickets(...args);
        },
      },
    };
    const state = new ResortState();
    ingest = new ResortIngest({
      catalog,
      feeds,
      store: stores.resortData,
      state,
      clock,
      logger: pino({ level: 'silent' }),
    });
    service = new ResortDataService(state, stores.resortData, feeds, clock);
  });

  afterEach(async () => {
    await stores.close();
  });

  it('serves nothing before the first check, then the check for a year of start dates', async () => {
    expect(service.tickets(wdw, '2026-11-21')).toEqual({ current: false, checkedAt: null });
    await ingest.checkDue();
    expect(service.tickets(wdw, '2026-11-21').current).toBe(true);
    expect(service.tickets(wdw, '2027-11-21').current).toBe(true);
    expect(service.hotelNights(wdw, '2027-03-20', 14).current).toBe(true);
    expect(service.parkAvailability(wdw, '2027-12-25', 31).current).toBe(true);
  });

  it('checks once a local day, and stops serving a check older than 36 hours', async () => {
    await ingest.checkDue();
    const version = service.version(wdw, 'tickets');
    clock.advance(2 * HOUR);
    await ingest.checkDue();
    expect(service.version(wdw, 'tickets')).toBe(version);
    expect(service.tickets(wdw, '2026-11-21')).toMatchObject({
      current: true,
      checkedAt: clock.now() - 2 * HOUR,
    });

    failing = true;
    clock.advance(24 * HOUR);
    await ingest.checkDue();
    // The failed family keeps its last check (still within 36 hours); the others moved on.
    expect(service.tickets(wdw, '2026-11-22')).toMatchObject({
      current: true,
      checkedAt: clock.now() - 26 * HOUR,
    });
    expect(service.hotelNights(wdw, '2026-11-22', 1).checkedAt).toBe(clock.now());
    clock.advance(11 * HOUR);
    expect(service.tickets(wdw, '2026-11-23')).toEqual({
      current: false,
      checkedAt: clock.now() - 37 * HOUR,
    });
    expect(service.version(wdw, 'tickets')).not.toBe(version);

    failing = false;
    await ingest.checkDue();
    expect(service.tickets(wdw, '2026-11-23')).toMatchObject({ current: true, checkedAt: clock.now() });
  });

  it('finds bus stops by ID, name and alias, and lists departures soonest first', async () => {
    await ingest.refreshBuses();
    expect(service.findStop(wdw, 'Bay Lake Tower')?.stop_id).toBe('contemporary');
    expect(service.findStop(wdw, "disney's art of animation resort")?.stop_id).toBe('art-of-animation');
    expect(service.findStop(wdw, 'TTC')?.stop_id).toBe('transportation-and-ticket-center');
    expect(service.findStop(wdw, 'Atlantis')).toBeUndefined();
    expect(service.findStop(wdw, "Copper Creek Villas & Cabins at Disney's Wilderness Lodge")?.stop_id).toBe(
      'wilderness-lodge',
    );
    expect(service.findStop(wdw, 'Port Orleans')).toBeUndefined(); // French Quarter or Riverside
    expect(service.findStop(wdw, 'Kingdom')).toBeUndefined();
    expect(service.findStop(wdw, 'Disney Springs Bus Stop')?.stop_id).toBe('disney-springs');
    const stop = service.findStop(wdw, 'magic kingdom');
    if (!stop) throw new Error('mk stop');
    const departures = service.departuresFrom(wdw, stop);
    if (!departures.current) throw new Error('no current predictions');
    const times = departures.value.map((d) => d.departs_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    clock.advance(4 * 60_000);
    expect(service.departuresFrom(wdw, stop).current).toBe(false);
  });
});

describe('ResortDataService for a resort the feed discovered', () => {
  const spec = loadCatalogData();
  const merged = mergeDiscovered({
    spec,
    discovered: {
      source: 'themeparks-wiki',
      resorts: [{ feed_id: 'europa-dest', name: 'Europa-Park Resort' }],
      parks: [
        {
          feed_id: 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199',
          name: 'Europa-Park',
          resort_feed_id: 'europa-dest',
          time_zone: 'Europe/Berlin',
          location: { latitude: 48.266, longitude: 7.722 },
          attractions: [{ feed_id: 'blue-fire', name: 'Blue Fire Megacoaster', type: 'ride' }],
        },
      ],
    },
    listed: new Set(['f3ab4b9d-82a4-52c2-a2ed-0045074ad199']),
    stored: [],
    stillChosen: () => true,
    now: Date.parse('2026-11-21T16:00:05Z'),
  });
  const withEuropa = new Catalog(merged.data);
  const europa = withEuropa.resort('europa-park-resort');
  const disney = withEuropa.resort('wdw');
  if (!europa || !disney) throw new Error('resorts');

  it('reads nothing for it and answers every family unavailable, with the reason', async () => {
    const stores = await openInMemorySqliteStores();
    try {
      const clock = new ManualClock(Date.parse('2026-11-21T16:00:05Z'));
      const sim = createSimulatedFeeds(withEuropa);
      const read: string[] = [];
      const feeds = {
        ...sim,
        tickets: {
          readTickets: async (...args: Parameters<typeof sim.tickets.readTickets>) => {
            read.push(args[0].key);
            return sim.tickets.readTickets(...args);
          },
        },
      };
      const state = new ResortState();
      const logger = pino({ level: 'silent' });
      const ingest = new ResortIngest({
        catalog: withEuropa,
        feeds,
        store: stores.resortData,
        state,
        clock,
        logger,
      });
      const service = new ResortDataService(state, stores.resortData, feeds, clock);
      await ingest.refreshAll();

      expect(read).toContain('walt-disney-world');
      expect(read).not.toContain('europa-park-resort');
      const none = { current: false, checkedAt: null };
      expect(service.tickets(europa, '2026-11-21')).toEqual(none);
      expect(service.parkAvailability(europa, '2026-11-21', 7)).toEqual(none);
      expect(service.hotelNights(europa, '2026-11-21', 7)).toEqual(none);
      expect(await service.eventNights(europa, '2026-11-21', '2026-12-20')).toEqual(none);
      expect(service.predictedStops(europa)).toEqual(none);
      expect(service.segments(europa)).toEqual([]);
      expect(service.hotels(europa)).toEqual([]);
      expect(service.stops(europa)).toEqual([]);
      expect(service.unsourced(europa, 'tickets')).toMatch(
        /No source provides ticket prices for Europa-Park Resort/,
      );

      expect(service.unsourced(disney, 'tickets')).toBeUndefined();
      expect(service.tickets(disney, '2026-11-21').current).toBe(true);
      expect(service.hotels(disney).length).toBeGreaterThan(0);
    } finally {
      await stores.close();
    }
  });
});
