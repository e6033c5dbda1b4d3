/**
 * The NWS API's GeoJSON, read into the feed's domain types. Quantities arrive as
 * `{ unitCode: 'wmoUnit:…', value }`; each is converted to the unit its field names (°C, km/h,
 * km, mm, percent, degrees) and a value the station did not report (null) stays null, as does a
 * unit this reader does not know, rather than a guess.
 */
import type { WeatherAlert, WeatherObservation } from '../types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return current;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function instant(value: unknown): number | null {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** Converters from each WMO unit to the unit a field is named in. */
const TO_CELSIUS: Readonly<Record<string, (v: number) => number>> = {
  'wmoUnit:degC': (v) => v,
  'wmoUnit:degF': (v) => ((v - 32) * 5) / 9,
  'wmoUnit:K': (v) => v - 273.15,
};
const TO_KMH: Readonly<Record<string, (v: number) => number>> = {
  'wmoUnit:km_h-1': (v) => v,
  'wmoUnit:m_s-1': (v) => v * 3.6,
  'wmoUnit:kn': (v) => v * 1.852,
};
const TO_KM: Readonly<Record<string, (v: number) => number>> = {
  'wmoUnit:m': (v) => v / 1000,
  'wmoUnit:km': (v) => v,
};
const TO_MM: Readonly<Record<string, (v: number) => number>> = {
  'wmoUnit:mm': (v) => v,
  'wmoUnit:m': (v) => v * 1000,
};
const TO_PERCENT: Readonly<Record<string, (v: number) => number>> = { 'wmoUnit:percent': (v) => v };
const TO_DEGREES: Readonly<Record<string, (v: number) => number>> = { 'wmoUnit:degree_(angle)': (v) => v };

function quantity(
  value: unknown,
  converters: Readonly<Record<string, (v: number) => number>>,
): number | null {
  const raw = field(value, 'value');
  const unit = field(value, 'unitCode');
  if (typeof raw !== 'number' || !Number.isFinite(raw) || typeof unit !== 'string') return null;
  const convert = converters[unit];
  return convert ? Math.round(convert(raw) * 10) / 10 : null;
}

/** Thunderstorm in the present weather, the METAR (TS) or the text. */
function reportsThunderstorm(properties: Json): boolean {
  const present = properties.presentWeather;
  if (
    Array.isArray(present) &&
    present.some(
      (p) => /thunder/i.test(text(field(p, 'weather')) ?? '') || /TS/.test(text(field(p, 'rawString')) ?? ''),
    )
  )
    return true;
  return /thunder/i.test(text(properties.textDescription) ?? '');
}

/** `/stations/{id}/observations/latest`; null when the document has no usable timestamp. */
export function parseObservation(document: unknown, stationName: string | null): WeatherObservation | null {
  const properties = field(document, 'properties');
  if (!isObject(properties)) return null;
  const observedAt = instant(properties.timestamp);
  const stationId = text(properties.stationId) ?? text(properties.station)?.split('/').pop() ?? null;
  if (observedAt === null || stationId === null) return null;
  return {
    station_id: stationId,
    station_name: text(properties.stationName) ?? stationName,
    observed_at: observedAt,
    description: text(properties.textDescription),
    temperature_c: quantity(properties.temperature, TO_CELSIUS),
    dew_point_c: quantity(properties.dewpoint, TO_CELSIUS),
    relative_humidity_pct: quantity(properties.relativeHumidity, TO_PERCENT),
    wind_speed_kmh: quantity(properties.windSpeed, TO_KMH),
    wind_gust_kmh: quantity(properties.windGust, TO_KMH),
    wind_direction_deg: quantity(properties.windDirection, TO_DEGREES),
    precipitation_last_hour_mm: quantity(properties.precipitationLastHour, TO_MM),
    visibility_km: quantity(properties.visibility, TO_KM),
    thunderstorm: reportsThunderstorm(properties),
  };
}

export interface StationRef {
  readonly id: string;
  readonly name: string | null;
}

/** `/points/{lat},{lon}`: the link to the point's observation stations. */
export function parseStationsLink(document: unknown): string | null {
  return text(field(document, 'properties', 'observationStations'));
}

/** The stations list, nearest first as the API orders it. */
export function parseStations(document: unknown): StationRef[] {
  const features = field(document, 'features');
  if (!Array.isArray(features)) return [];
  return features.flatMap((feature) => {
    const id = text(field(feature, 'properties', 'stationIdentifier'));
    return id ? [{ id, name: text(field(feature, 'properties', 'name')) }] : [];
  });
}

const SEVERITIES = new Set<WeatherAlert['severity']>(['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown']);

/** `/alerts/active?point=`: the alerts in effect. */
export function parseAlerts(document: unknown): WeatherAlert[] {
  const features = field(document, 'features');
  if (!Array.isArray(features)) return [];
  return features.flatMap((feature): WeatherAlert[] => {
    const p = field(feature, 'properties');
    if (!isObject(p)) return [];
    const id = text(p.id) ?? text(field(feature, 'id'));
    const event = text(p.event);
    if (id === null || event === null) return [];
    const severity = text(p.severity);
    return [
      {
        id,
        event,
        headline: text(p.headline),
        severity:
          severity !== null && SEVERITIES.has(severity as WeatherAlert['severity'])
            ? (severity as WeatherAlert['severity'])
            : 'Unknown',
        urgency: text(p.urgency),
        certainty: text(p.certainty),
        onset_at: instant(p.onset) ?? instant(p.effective),
        ends_at: instant(p.ends),
        expires_at: instant(p.expires),
        sender_name: text(p.senderName),
      },
    ];
  });
}
