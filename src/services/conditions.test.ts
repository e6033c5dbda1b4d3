import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { loadCatalogData } from '../catalog/load.js';
import { mergeDiscovered } from '../catalog/merge.js';
import type { Park } from '../catalog/types.js';
import type { WeatherFeed, WeatherReading } from '../feeds/types.js';
import { ManualClock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { ConditionsService } from './conditions.js';

/** A weather feed whose reads finish only when the test says so, in any order. */
class HeldWeather implements WeatherFeed {
  readonly source = 'test';
  readonly pending: { at: number; finish: (reading: WeatherReading) => void }[] = [];

  readWeather(_park: Park, at: number): Promise<WeatherReading> {
    return new Promise((resolve) => this.pending.push({ at, finish: resolve }));
  }
}

function observedAt(at: number): WeatherReading {
  return {
    observation: {
      station_id: 'TEST',
      station_name: 'Test station',
      observed_at: at,
      description: null,
      temperature_c: 20,
      dew_point_c: null,
      relative_humidity_pct: null,
      wind_speed_kmh: null,
      wind_gust_kmh: null,
      wind_direction_deg: null,
      precipitation_last_hour_mm: null,
      visibility_km: null,
      thunderstorm: false,
    },
    alerts: [],
  };
}

describe('ConditionsService', () => {
  it('keeps the newer reading when an older, slower read finishes last', async () => {
    const catalog = Catalog.load();
    const start = Date.parse('2026-10-03T15:00:00Z');
    const clock = new ManualClock(start);
    const weather = new HeldWeather();
    const service = new ConditionsService(
      weather,
      new LiveState(clock),
      catalog,
      clock,
      pino({ level: 'silent' }),
    );
    const older = service.refreshAll();
    clock.advance(3 * 3_600_000);
    const newer = service.refreshAll();
    const parks = catalog.parks.length;
    for (const read of weather.pending.slice(parks)) read.finish(observedAt(read.at));
    await newer;
    for (const read of weather.pending.slice(0, parks)) read.finish(observedAt(read.at));
    await older;

    for (const park of catalog.parks) {
      expect(service.forPark(park).weather).toMatchObject({
        data_status: 'available',
        checked_at: clock.now(),
        observation_status: 'current',
      });
    }
  });
});

describe('ConditionsService for a park the feed discovered', () => {
  const spec = loadCatalogData();
  const catalog = new Catalog(
    mergeDiscovered({
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
      now: Date.parse('2026-10-03T15:00:00Z'),
    }).data,
  );
  const europa = catalog.park('europa-park');
  const magicKingdom = catalog.park('magic-kingdom');
  if (!europa || !magicKingdom) throw new Error('parks');

  function serviceOver(source: string, start = Date.parse('2026-10-03T15:00:00Z')) {
    const clock = new ManualClock(start);
    const read: string[] = [];
    const weather: WeatherFeed = {
      source,
      readWeather: async (park, at) => {
        read.push(park.key);
        return observedAt(at);
      },
    };
    const service = new ConditionsService(
      weather,
      new LiveState(clock),
      catalog,
      clock,
      pino({ level: 'silent' }),
    );
    return { service, read };
  }

  it('never simulates its weather: unavailable, saying why, and not read', async () => {
    const { service, read } = serviceOver('sim');
    await service.refreshAll();
    expect(read).toContain('magic-kingdom');
    expect(read).not.toContain('europa-park');
    expect(service.forPark(europa).weather).toMatchObject({
      data_status: 'unavailable',
      checked_at: null,
      reason: expect.stringMatching(/No source provides simulated weather .* for Europa-Park/) as unknown,
    });
    expect(service.forPark(magicKingdom).weather.data_status).toBe('available');
  });

  it('serves a real weather source for it where the source covers it', async () => {
    const { service, read } = serviceOver('nws');
    await service.refreshAll();
    expect(read).toContain('europa-park');
    expect(service.forPark(europa).weather.data_status).toBe('available');
  });

  it('gives it no storm season of the spec parks: a July afternoon is low without a storm reported', async () => {
    // 15:00 in Florida and in Germany on a July day; Florida's afternoons are storm season.
    const { service } = serviceOver('nws', Date.parse('2027-07-14T13:00:00Z'));
    await service.refreshAll();
    expect(service.forPark(europa).weather).toMatchObject({ lightning: { level: 'low', reasons: [] } });
    const { service: florida } = serviceOver('nws', Date.parse('2027-07-14T19:00:00Z'));
    await florida.refreshAll();
    expect(florida.forPark(magicKingdom).weather).toMatchObject({
      lightning: { level: 'moderate', reasons: ['storm_season_afternoon'] },
    });
  });
});
