/**
 * How the pages word times, waits and statuses. Times are always shown in the park's own zone
 * (the client script formats updates with the same Intl options, so a live update reads the same).
 */
import { DateTime } from 'luxon';
import type { LiveStatus } from '../live/types.js';

/** The Intl options of every clock time on the site; `site-script.ts` uses the same. */
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const formats = new Map<string, Intl.DateTimeFormat>();

/** `2:05 PM` in `zone`. */
export function clockTime(epochMs: number, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...TIME_OPTIONS, timeZone: zone });
    formats.set(zone, format);
  }
  return format.format(epochMs);
}

/** `2:05 PM` from an ISO timestamp, or undefined for null. */
export function clockTimeOf(iso: string | null, zone: string): string | undefined {
  return iso === null ? undefined : clockTime(Date.parse(iso), zone);
}

/** `Tuesday, November 24` for a park-local `YYYY-MM-DD`. */
export function dayLabel(date: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-US').toFormat('cccc, LLLL d');
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at `epochMs` (`EST`, `PDT`), to say which clock the times are on. */
export function zoneName(epochMs: number, zone: string): string {
  // One formatter per zone, kept: luxon's offsetNameShort builds a new Intl formatter on every
  // call, which made most of a home page's render.
  let format = zoneNameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNameFormats.set(zone, format);
  }
  return format.formatToParts(epochMs).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

export const STATUS_LABELS: Readonly<Record<LiveStatus, string>> = {
  OPERATING: 'Operating',
  DOWN: 'Down',
  BRIEF_DELAY: 'Brief delay',
  WEATHER_DELAY: 'Weather delay',
  CLOSED: 'Closed',
  REFURBISHMENT: 'Refurbishment',
  unavailable: 'No live data',
};

/** The label of a status as stored in history (any string), the raw value when unknown. */
export function statusLabel(status: string): string {
  return (STATUS_LABELS as Readonly<Record<string, string | undefined>>)[status] ?? status;
}

export const TYPE_LABELS = { ride: 'Ride', experience: 'Experience', show: 'Show', meet: 'Meet' } as const;

/** `35 min`; an em dash when the operator posts no number. */
export function waitLabel(minutes: number | null): string {
  return minutes === null ? '—' : `${minutes} min`;
}

/**
 * `≈ 25 min actual (est. 18–35)`: the estimated actual wait beside a posted one, worded as an
 * estimate; empty without one.
 */
export function actualWaitLabel(entry: {
  readonly estimated_actual_wait_minutes: number | null;
  readonly estimated_actual_low_minutes: number | null;
  readonly estimated_actual_high_minutes: number | null;
}): string {
  const { estimated_actual_wait_minutes: minutes, estimated_actual_low_minutes: low } = entry;
  const high = entry.estimated_actual_high_minutes;
  if (minutes === null || low === null || high === null) return '';
  return `≈ ${minutes} min actual (est. ${low}–${high})`;
}

/** `2 h 05 min` or `45 min`, for outage lengths. */
export function durationLabel(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/** The operator's name for its priority lane, or a plain one where the service does not know it. */
export function priorityLaneLabel(resort: { readonly priority_lane_brand: string | null }): string {
  return resort.priority_lane_brand ?? 'Priority lane';
}
