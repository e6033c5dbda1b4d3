/**
 * WEATHER=nws: the US National Weather Service API. Per park, `/points/{lat},{lon}` is read once
 * to find its observation stations (nearest first); then each refresh reads the nearest station's
 * latest observation (the next station when one has none) and the alerts in effect at the park's
 * point. Responses are cached by their own headers (http.ts).
 */
import type { Park } from '../../catalog/types.js';
import type { Clock } from '../../lib/clock.js';
import { UpstreamError, type WeatherFeed, type WeatherObservation, type WeatherReading } from '../types.js';
import type { UpstreamClientOptions } from '../http/upstream-client.js';
import { NwsHttp } from './http.js';
import { parseAlerts, parseObservation, parseStations, parseStationsLink, type StationRef } from './parse.js';

export interface NwsOptions {
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly clock: Clock;
  /** Per request; default 10 s. */
  readonly timeoutMs?: number;
  /** Shared-client settings from the configuration (read budget, recording). */
  readonly upstream?: Partial<UpstreamClientOptions>;
}

/** The US states and territories the agency covers, as latitude and longitude boxes. */
const US_AREAS: readonly { south: number; north: number; west: number; east: number }[] = [
  { south: 24.4, north: 49.5, west: -125, east: -66.9 }, // the contiguous states
  { south: 51, north: 71.5, west: -180, east: -129.9 }, // Alaska
  { south: 18.8, north: 22.4, west: -160.3, east: -154.7 }, // Hawaii
  { south: 17.8, north: 18.6, west: -67.4, east: -64.5 }, // Puerto Rico and the US Virgin Islands
  { south: 13.2, north: 20.6, west: 144.6, east: 146.1 }, // Guam and the Northern Mariana Islands
];
const US_NAMES = new Set(['united states', 'united states of america', 'usa', 'us']);

/** Stations tried in turn when the nearest has no latest observation. */
const STATIONS_TRIED = 3;

/** The API takes at most four decimals in a point. */
function point(park: Park): string {
  const round = (value: number) => String(Math.round(value * 10_000) / 10_000);
  return `${round(park.latitude)},${round(park.longitude)}`;
}

export class NwsWeatherFeed implements WeatherFeed {
  readonly source = 'nws';
  private readonly http: NwsHttp;
  private readonly stations = new Map<string, readonly StationRef[]>();

  constructor(options: NwsOptions) {
    this.http = new NwsHttp({ timeoutMs: 10_000, ...options });
  }

  /**
   * The agency covers only the United States: a park the feed places in another country, or whose
   * point lies outside every US area, is not sent to it.
   */
  outsideCoverage(park: Park): string | undefined {
    const country = park.discovered?.country;
    const inUs =
      country !== undefined
        ? US_NAMES.has(country.trim().toLowerCase())
        : US_AREAS.some(
            (area) =>
              park.latitude >= area.south &&
              park.latitude <= area.north &&
              park.longitude >= area.west &&
              park.longitude <= area.east,
          );
    return inUs
      ? undefined
      : `The US National Weather Service covers only the United States, and ${park.name} is outside it.`;
  }

  async readWeather(park: Park, _at: number): Promise<WeatherReading> {
    const [observation, alerts] = await Promise.all([
      this.latestObservation(park),
      this.http.get(`/alerts/active?point=${point(park)}`).then(parseAlerts),
    ]);
    return { observation, alerts };
  }

  /** The point's stations, read once per park (until a read succeeds). */
  private async stationsOf(park: Park): Promise<readonly StationRef[]> {
    const known = this.stations.get(park.key);
    if (known) return known;
    const link = parseStationsLink(await this.http.get(`/points/${point(park)}`));
    if (!link)
      throw new UpstreamError('nws', `the National Weather Service has no stations for ${park.name}`);
    const stations = parseStations(await this.http.get(link));
    if (stations.length === 0)
      throw new UpstreamError('nws', `the National Weather Service lists no stations near ${park.name}`);
    this.stations.set(park.key, stations);
    return stations;
  }

  private async latestObservation(park: Park): Promise<WeatherObservation | null> {
    const stations = await this.stationsOf(park);
    let lastError: Error | undefined;
    for (const station of stations.slice(0, STATIONS_TRIED)) {
      try {
        const observation = parseObservation(
          await this.http.get(`/stations/${encodeURIComponent(station.id)}/observations/latest`),
          station.name,
        );
        if (observation) return observation;
      } catch (error) {
        // A station without a recent observation answers 404; the next one may have it.
        lastError = error instanceof Error ? error : new UpstreamError('nws', String(error));
      }
    }
    if (lastError) throw lastError;
    return null;
  }
}
