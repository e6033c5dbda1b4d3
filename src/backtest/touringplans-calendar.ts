/**
 * Each park's calendar from TouringPlans.com's daily metadata (`parks_metadata_raw.csv.gz`; data:
 * TouringPlans.com): what was published in advance of each day. Observed weather and capacity lost
 * to closures are in the file too and are never read.
 */
import { dayNumber } from '../models/hourly-history.js';
import type { CalendarDay, ParkCalendar } from '../models/calendar-features.js';
import { findDataFile, readDataText, splitCsvLine } from '../lib/csv-files.js';

/** The metadata's column prefix of each park, by the park's name in `attractions_metadata.csv.gz`. */
const PARK_PREFIXES: Readonly<Record<string, string>> = {
  'Magic Kingdom': 'mk',
  Epcot: 'ep',
  "Disney's Hollywood Studios": 'hs',
  "Disney's Animal Kingdom": 'ak',
};

/** Event codes of the metadata that are separately ticketed events at the park that night. */
const TICKETED_NIGHTS = new Set(['mnsshp', 'mvmcp', 'dah', 'dvah', 'hsah', 'akah', 'swgn', 'clubv']);

const number = (text: string | undefined): number => {
  if (text === undefined || text.trim() === '') return Number.NaN;
  return Number(text.replace('%', ''));
};

/** Every park's calendar from the metadata file in `dir` (an empty map without the file). */
export function readTouringPlansCalendars(dir: string): Map<string, ParkCalendar> {
  const calendars = new Map<string, ParkCalendar>();
  const path = findDataFile(dir, 'parks_metadata_raw');
  if (path === undefined) return calendars;
  const lines = readDataText(path).split('\n');
  const header = splitCsvLine(lines[0] ?? '');
  const column = (name: string) => header.indexOf(name);
  const rows = lines
    .slice(1)
    .filter((line) => line.length > 0)
    .map(splitCsvLine);
  for (const [park, prefix] of Object.entries(PARK_PREFIXES)) {
    const days = new Map<number, CalendarDay>();
    const at = {
      date: column('date'),
      inSession: column('insession'),
      events: column(`${prefix}eventn`),
      earlyEntry: column(`${prefix}emhmorn`),
      extendedEvening: column(`${prefix}emheve`),
      opens: column(`${prefix}open`),
      closes: column(`${prefix}close`),
    };
    for (const row of rows) {
      const date = row[at.date] ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
      const events = (row[at.events] ?? '').split('|');
      days.set(dayNumber(date), {
        schoolsInSession: number(row[at.inSession]) / 100,
        eventNight: events.some((code) => TICKETED_NIGHTS.has(code)) ? 1 : 0,
        earlyEntry: number(row[at.earlyEntry]),
        extendedEvening: number(row[at.extendedEvening]),
        opens: number(row[at.opens]) / 3600,
        closes: number(row[at.closes]) / 3600,
      });
    }
    calendars.set(park, (day) => days.get(day));
  }
  return calendars;
}
