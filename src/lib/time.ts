/** Time helpers with no domain knowledge. Park-local arithmetic goes through luxon, never offsets. */
import { DateTime } from 'luxon';

/** UTC ISO 8601 with milliseconds and `Z`, the one timestamp format of every response. */
export function isoTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** The `YYYY-MM-DD` date at `epochMs` in `zone`. */
export function localDate(epochMs: number, zone: string): string {
  const known = lastLocalDay.get(zone);
  if (known && epochMs >= known.start && epochMs < known.end) return known.date;
  const local = DateTime.fromMillis(epochMs, { zone });
  const date = local.toISODate() ?? '';
  const start = local.startOf('day');
  lastLocalDay.set(zone, { date, start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() });
  return date;
}

/**
 * The last local day worked out per zone: requests ask for "today" far more often than the day
 * changes, and a luxon zone conversion costs tens of microseconds.
 */
const lastLocalDay = new Map<string, { date: string; start: number; end: number }>();

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? '';
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  const a = DateTime.fromISO(from, { zone: 'UTC' });
  const b = DateTime.fromISO(to, { zone: 'UTC' });
  return Math.round(b.diff(a, 'days').days);
}

/** True when `value` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

/** Epoch ms of local midnight starting `date` in `zone`. */
export function startOfLocalDay(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toMillis();
}

/** The wall-clock time `HH:MM` (24-hour) at `epochMs` in `zone`. */
export function localClockTime(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toFormat('HH:mm');
}

/** The wall-clock hour, 0-23, at `epochMs` in `zone`. */
export function localHour(epochMs: number, zone: string): number {
  return DateTime.fromMillis(epochMs, { zone }).hour;
}

/** The wall-clock time at `epochMs` in `zone` as hours after midnight with their fraction (14.5 = 14:30). */
export function localClockHours(epochMs: number, zone: string): number {
  localDate(epochMs, zone);
  const day = lastLocalDay.get(zone);
  // A day of 24 real hours has its clock hours whole hours after midnight (no luxon call per reading).
  if (day && day.end - day.start === 24 * 3_600_000 && epochMs >= day.start && epochMs < day.end) {
    return (epochMs - day.start) / 3_600_000;
  }
  const local = DateTime.fromMillis(epochMs, { zone });
  return local.hour + local.minute / 60;
}

const HOUR_MS = 3_600_000;

/** Local hour boundaries of a park-local date: 25 instants (DST days have 23 or 25 real hours). */
export function hourBoundaries(date: string, zone: string): number[] {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  const first = start.toMillis();
  const next = start.plus({ days: 1 }).toMillis();
  const bounds: number[] = [];
  if (next - first === 24 * HOUR_MS) {
    // No clock change that day: local hours are whole hours after midnight (saves luxon calls).
    for (let hour = 0; hour < 24; hour++) bounds.push(first + hour * HOUR_MS);
  } else {
    for (let hour = 0; hour < 24; hour++) bounds.push(start.set({ hour }).toMillis());
  }
  bounds.push(next);
  return bounds;
}
