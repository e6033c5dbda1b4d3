/**
 * Upstream timestamps to epoch milliseconds. ThemeParks.wiki mixes UTC (`Z`, with and without
 * milliseconds) and park-local offsets (`-04:00`); a stamp with no offset at all is read in the
 * park's zone. Anything unreadable is null, never a guess.
 */
import { DateTime } from 'luxon';

export function parseUpstreamTime(value: unknown, timeZone: string): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = DateTime.fromISO(value.trim(), { zone: timeZone });
  return parsed.isValid ? parsed.toMillis() : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A window's end after its start: a window that runs past midnight but was stamped with the start's
 * date (a local time without its rollover) ends on the next day.
 */
export function windowEnd(start: number | null, end: number | null): number | null {
  if (start === null || end === null) return end;
  return end <= start ? end + DAY_MS : end;
}
