/**
 * Simulated weather at a park: what the nearest airport station would report and which alerts the
 * weather service would have out, built on the storm calendar that closes outdoor rides
 * (`stormsOf` in weather.ts, through the park day the simulator already drew). During a storm the
 * station reports thunderstorms and a thunderstorm alert is in effect, so conditions line up with
 * the Weather Delay outages the same storm causes. Temperatures follow each region's monthly normal
 * highs and lows (Orlando; Anaheim/Burbank) with a daily swing and day-to-day noise. Pure: a function
 * of (seed, park, instant).
 */
import type { Park } from '../../catalog/types.js';
import type { WeatherAlert, WeatherObservation, WeatherReading } from '../types.js';
import type { Region } from './calendar.js';
import { calendarDateOf, dateStringOf, localInstant, parkDayNumberAt } from './local-time.js';
import { parkProfileOf } from './parks.js';
import { hashString, Rng } from '../../lib/random.js';
import type { Simulator } from './simulator.js';
import type { Interval } from './weather.js';

const MINUTE_MS = 60_000;
/** Stations report every few minutes here; the reading holds until the next report. */
const REPORT_EVERY_MS = 5 * MINUTE_MS;

/** Monthly normal [low, high] in °C, January first (NOAA 1991-2020 normals). */
const NORMALS: Readonly<Record<Region, readonly (readonly [number, number])[]>> = {
  // Orlando International Airport.
  florida: [
    [10.2, 22.3],
    [11.9, 24.1],
    [14.1, 26.4],
    [16.8, 29.0],
    [19.9, 31.8],
    [22.6, 32.9],
    [23.4, 33.5],
    [23.5, 33.4],
    [22.9, 32.3],
    [19.8, 29.6],
    [15.1, 26.1],
    [12.1, 23.4],
  ],
  // Fullerton and Burbank, averaged: Anaheim and Universal City.
  california: [
    [7.8, 20.3],
    [8.4, 20.4],
    [9.8, 21.7],
    [11.4, 23.6],
    [14.1, 24.7],
    [16.1, 27.3],
    [18.6, 30.6],
    [19.0, 31.4],
    [17.9, 30.4],
    [14.6, 27.2],
    [10.3, 23.6],
    [7.4, 20.0],
  ],
};

/** Monthly normal dew point in °C: humid Florida summers, dry California. */
const DEW_POINTS: Readonly<Record<Region, readonly number[]>> = {
  florida: [9, 10, 12, 14, 17, 21, 22, 22, 22, 18, 14, 11],
  california: [4, 6, 7, 8, 11, 14, 16, 17, 15, 11, 6, 4],
};

interface Station {
  readonly id: string;
  readonly name: string;
  /** The weather forecast office that issues alerts for the area. */
  readonly office: string;
}

const STATIONS: Readonly<Record<string, Station>> = {
  'walt-disney-world': { id: 'KISM', name: 'Kissimmee Gateway Airport', office: 'NWS Melbourne FL' },
  'universal-orlando': { id: 'KMCO', name: 'Orlando International Airport', office: 'NWS Melbourne FL' },
  'disneyland-resort': { id: 'KFUL', name: 'Fullerton Municipal Airport', office: 'NWS San Diego CA' },
  'universal-hollywood': {
    id: 'KBUR',
    name: 'Burbank - Bob Hope Airport',
    office: 'NWS Los Angeles/Oxnard CA',
  },
};

function stationOf(park: Park): Station {
  return STATIONS[park.resort_key] ?? { id: `SIM-${park.key}`, name: `${park.name} area`, office: 'NWS' };
}

/** Alerts go out before the cell arrives and are allowed to expire after it passes. */
const ALERT_LEAD_MS = 20 * MINUTE_MS;
const ALERT_TAIL_MS = 15 * MINUTE_MS;
/** A cell this long is a severe storm (warning); shorter ones get a special weather statement. */
const SEVERE_STORM_MS = 60 * MINUTE_MS;

export class SimulatedWeather {
  constructor(private readonly simulator: Simulator) {}

  read(park: Park, at: number): WeatherReading {
    const dayNumber = parkDayNumberAt(park.time_zone, at);
    const storms = this.simulator.simulateParkDay(park, dateStringOf(dayNumber)).storms;
    return { observation: this.observe(park, at, dayNumber, storms), alerts: alertsAt(park, at, storms) };
  }

  private observe(
    park: Park,
    at: number,
    dayNumber: number,
    storms: readonly Interval[],
  ): WeatherObservation {
    const observedAt = at - (at % REPORT_EVERY_MS);
    const region = parkProfileOf(park).region;
    const { month } = calendarDateOf(dayNumber);
    const [low, high] = NORMALS[region][month - 1] ?? [15, 25];
    const station = stationOf(park);
    const day = new Rng(this.simulator.seed, hashString(station.id), dayNumber, 0x77);
    const dayOffset = day.normal() * 2;
    const hour = (observedAt - localInstant(park.time_zone, dayNumber, 0)) / 3_600_000;
    // Coolest near 06:00, warmest near 15:00: half-cosines up over 9 hours and down over 15.
    const sinceSix = (((hour - 6) % 24) + 24) % 24;
    const diurnal =
      sinceSix <= 9
        ? (1 - Math.cos((Math.PI * sinceSix) / 9)) / 2
        : (1 + Math.cos((Math.PI * (sinceSix - 9)) / 15)) / 2;
    const storm = storms.find((s) => s.start <= observedAt && observedAt < s.end);
    const nearStorm = storms.some(
      (s) => s.start - 30 * MINUTE_MS <= observedAt && observedAt < s.end + 45 * MINUTE_MS,
    );
    const reading = new Rng(this.simulator.seed, hashString(station.id), observedAt / REPORT_EVERY_MS, 0x78);
    const cooled = storm ? 5 : nearStorm ? 2 : 0;
    const temperature = round1(low + (high - low) * diurnal + dayOffset + reading.range(-0.4, 0.4) - cooled);
    const dewPoint = Math.min(temperature, round1((DEW_POINTS[region][month - 1] ?? 12) + dayOffset / 2));
    const wind = storm ? reading.range(25, 45) : reading.range(4, 18);
    return {
      station_id: station.id,
      station_name: station.name,
      observed_at: observedAt,
      description: storm
        ? 'Thunderstorms and Rain'
        : nearStorm
          ? 'Mostly Cloudy'
          : skyOf(region, month, hour, day),
      temperature_c: temperature,
      dew_point_c: dewPoint,
      relative_humidity_pct: round1(relativeHumidity(temperature, dewPoint)),
      wind_speed_kmh: round1(wind),
      wind_gust_kmh: storm ? round1(wind + reading.range(15, 30)) : null,
      wind_direction_deg: (Math.round(reading.range(0, 36)) % 36) * 10,
      precipitation_last_hour_mm: storm ? round1(reading.range(5, 30)) : 0,
      visibility_km: storm ? round1(reading.range(2, 6)) : 16.09,
      thunderstorm: storm !== undefined,
    };
  }
}

function alertsAt(park: Park, at: number, storms: readonly Interval[]): WeatherAlert[] {
  const station = stationOf(park);
  return storms
    .filter((s) => s.start - ALERT_LEAD_MS <= at && at < s.end + ALERT_TAIL_MS)
    .map((s) => {
      const severe = s.end - s.start >= SEVERE_STORM_MS;
      return {
        id: `urn:oid:queuecast.sim.${station.id}.${s.start}`,
        event: severe ? 'Severe Thunderstorm Warning' : 'Special Weather Statement',
        headline: severe
          ? `Severe Thunderstorm Warning issued by ${station.office} near ${park.name}`
          : `Strong thunderstorm with frequent lightning near ${park.name}, issued by ${station.office}`,
        severity: severe ? 'Severe' : 'Moderate',
        urgency: 'Immediate',
        certainty: 'Observed',
        onset_at: s.start - ALERT_LEAD_MS,
        ends_at: s.end + ALERT_TAIL_MS,
        expires_at: s.end + ALERT_TAIL_MS,
        sender_name: station.office,
      } satisfies WeatherAlert;
    });
}

function skyOf(region: Region, month: number, hour: number, day: Rng): string {
  const night = hour < 7 || hour >= 19;
  const summerAfternoon = region === 'florida' && month >= 5 && month <= 9 && hour >= 12;
  const cloudy = summerAfternoon ? 0.7 : region === 'florida' ? 0.35 : 0.2;
  return day.next() < cloudy ? 'Partly Cloudy' : night ? 'Clear' : 'Sunny';
}

/** Relative humidity from temperature and dew point (Magnus formula). */
function relativeHumidity(temperature: number, dewPoint: number): number {
  const magnus = (t: number) => Math.exp((17.625 * t) / (243.04 + t));
  return Math.min(100, (100 * magnus(dewPoint)) / magnus(temperature));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
