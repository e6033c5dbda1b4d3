import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
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
