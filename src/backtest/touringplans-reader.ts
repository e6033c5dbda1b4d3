/**
 * Reads TouringPlans.com's recorded waits (data: TouringPlans.com; see the data set's README for the
 * licence): every `<attraction>.csv.gz` in a directory, plus `attractions_metadata.csv.gz` for the
 * park and names of each attraction when present. Each file may also be plain `.csv`, as
 * TouringPlans.com serves its downloads. Posted waits become hourly means (what the wait
 * models read); timed waits are a different measure (they run well below posted) and sparse, kept
 * apart, each paired with its posted wait (`pairTimedWaits`), for the estimated actual wait.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataFileName, findDataFile, readDataText, splitCsvLine } from '../lib/csv-files.js';
import { pairTimedWaits, type TimedWait, type WaitReading } from '../models/actual-wait-fit.js';
import { HourlyHistoryBuilder, dayNumber, type RideHistory } from '../models/hourly-history.js';

export interface RecordedAttraction {
  /** The file's name without `.csv.gz` (or `.csv`). */
  readonly attraction: string;
  /** The park from the metadata file, or `unknown` when the metadata has no row for it. */
  readonly park: string;
  /** The attraction's full and short names from the metadata file (none without a row). */
  readonly names: readonly string[];
  readonly history: RideHistory;
  /** Waits timed by guests in line, each with the posted wait it was paired with. */
  readonly timedWaits: readonly TimedWait[];
  /** Every posted reading as recorded, in file order (the touring-plan backtest reads waits between them). */
  readonly postedWaits: readonly WaitReading[];
  /** Minutes the ride itself takes, from the metadata's `duration` (absent without it). */
  readonly rideMinutes?: number;
}

const METADATA_FILES = new Set(['attractions_metadata', 'parks_metadata_raw']);

function readCsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readDataText(path).split('\n');
  const header = splitCsvLine(lines[0] ?? '');
  const rows = lines
    .slice(1)
    .filter((line) => line.length > 0)
    .map(splitCsvLine);
  return { header, rows };
}

/** What the metadata file says of one attraction file. */
export interface AttractionMetadata {
  readonly park: string;
  /** Its full and short names, as the metadata spells them. */
  readonly names: readonly string[];
  /** The ride's duration in minutes (absent when the metadata has no such column or value). */
  readonly rideMinutes?: number;
}

/** Attraction file name → park and names, from `attractions_metadata.csv.gz` (empty when absent). */
export function readAttractionMetadata(dir: string): Map<string, AttractionMetadata> {
  const metadata = new Map<string, AttractionMetadata>();
  const path = findDataFile(dir, 'attractions_metadata');
  if (path === undefined) return metadata;
  const { header, rows } = readCsv(path);
  const fileColumn = header.indexOf('dataset_name');
  const parkColumn = header.indexOf('park');
  const nameColumns = [header.indexOf('name'), header.indexOf('short_name')].filter((column) => column >= 0);
  const durationColumn = header.indexOf('duration');
  if (fileColumn < 0 || parkColumn < 0) return metadata;
  for (const row of rows) {
    const file = row[fileColumn];
    const park = row[parkColumn];
    if (!file || !park) continue;
    const names = nameColumns.map((column) => row[column] ?? '').filter((name) => name !== '');
    const rideMinutes = Number(row[durationColumn] || Number.NaN);
    metadata.set(file, {
      park,
      names: [...new Set(names)],
      ...(rideMinutes > 0 ? { rideMinutes } : {}),
    });
  }
  return metadata;
}

/** Clock minutes of a `YYYY-MM-DD HH:MM:SS` stamp since 1970-01-01 (its own date, not the park day's). */
function clockMinute(stamp: string, dayOf: (date: string) => number): number {
  return (
    dayOf(stamp.slice(0, 10)) * 1440 +
    Number(stamp.slice(11, 13)) * 60 +
    Number(stamp.slice(14, 16)) +
    Number(stamp.slice(17, 19)) / 60
  );
}

/**
 * One attraction's posted waits as hourly means per park day, and its timed waits paired with the
 * posted ones; undefined for a CSV without the columns park_date, wait_datetime and
 * wait_minutes_posted (not a recorded-waits file: the metadata's dictionary, say). The hour comes
 * from the reading's clock time; a reading after midnight stays with its park day, as the file
 * records it.
 */
function readAttractionReadings(
  text: string,
): { history: RideHistory; timedWaits: TimedWait[]; postedWaits: WaitReading[] } | undefined {
  const headerEnd = text.indexOf('\n');
  const header = splitCsvLine(headerEnd < 0 ? text : text.slice(0, headerEnd));
  const dateColumn = header.indexOf('park_date');
  const timeColumn = header.indexOf('wait_datetime');
  const postedColumn = header.indexOf('wait_minutes_posted');
  const actualColumn = header.indexOf('wait_minutes_actual');
  if (dateColumn < 0 || timeColumn < 0 || postedColumn < 0) return undefined;
  const builder = new HourlyHistoryBuilder();
  let lineStart = headerEnd < 0 ? text.length : headerEnd + 1;
  const dayCache = new Map<string, number>();
  const dayOf = (date: string) => {
    let day = dayCache.get(date);
    if (day === undefined) {
      day = dayNumber(date);
      dayCache.set(date, day);
    }
    return day;
  };
  const posted: WaitReading[] = [];
  const timed: WaitReading[] = [];
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    if (line.length === 0) continue;
    const cells = line.includes('"') ? splitCsvLine(line) : line.split(',');
    const date = cells[dateColumn] ?? '';
    const time = cells[timeColumn] ?? '';
    if (date.length < 10 || time.length < 13) continue;
    const day = dayOf(date);
    const postedValue = cells[postedColumn]?.trim();
    if (postedValue) {
      builder.add(day, Number(time.slice(11, 13)), Number(postedValue));
      if (time.length >= 19)
        posted.push({ day, minute: clockMinute(time, dayOf), minutes: Number(postedValue) });
    }
    const actualValue = actualColumn < 0 ? undefined : cells[actualColumn]?.trim();
    if (actualValue && time.length >= 19 && Number.isFinite(Number(actualValue))) {
      timed.push({ day, minute: clockMinute(time, dayOf), minutes: Number(actualValue) });
    }
  }
  return { history: builder.build(), timedWaits: pairTimedWaits(posted, timed), postedWaits: posted };
}

/**
 * Every attraction file in `dir`, sorted by name: each `<name>.csv.gz` or `<name>.csv` (the
 * gzipped one when both are there) whose header has the columns park_date, wait_datetime and
 * wait_minutes_posted.
 */
export function readTouringPlans(dir: string): RecordedAttraction[] {
  const metadata = readAttractionMetadata(dir);
  const paths = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const name = dataFileName(file);
    if (name === undefined || METADATA_FILES.has(name)) continue;
    if (!paths.has(name) || file.endsWith('.gz')) paths.set(name, join(dir, file));
  }
  return [...paths]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([attraction, path]) => {
      const readings = readAttractionReadings(readDataText(path));
      if (!readings) return [];
      const { history, timedWaits, postedWaits } = readings;
      const described = metadata.get(attraction);
      return [
        {
          attraction,
          park: described?.park ?? 'unknown',
          names: described?.names ?? [],
          history,
          timedWaits,
          postedWaits,
          ...(described?.rideMinutes === undefined ? {} : { rideMinutes: described.rideMinutes }),
        },
      ];
    });
}
